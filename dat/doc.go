// Package dat reads and writes Asheron's Call's .dat files: the container
// (header, block chains, the B-tree directory, free blocks, iterations) and
// the records the sound tool needs (Region, LandBlock, LandBlockInfo,
// SoundTable, Wave, Setup and their references), per
// ../shared/spec/dat-format.md, whose section numbers the comments cite.
//
// Archive is the portal + cell pair the rest of the tool reads, whether the
// files are the user's or the built-in stand-in's (made in memory by Writer):
// one code path. Bad input is an error naming the file, the record id and
// the byte offset (FormatError); a record skipped while reading goes to a
// Problems collector so nothing is dropped silently. dat imports nothing
// else of this module and nothing of Ebitengine.
package dat
