package dat

// TEMPORARY: signatures of the dat API that other packages build against while
// dat/ is being written. The dat owner replaces this file with the real code
// (same names and signatures) and deletes it.

import (
	"errors"
	"io"
	"iter"
)

var errTodo = errors.New("dat: not implemented yet")

// ErrNotFound is returned (wrapped) when an id is not in a dat's directory.
var ErrNotFound = errors.New("dat: record not found")

// FormatError describes malformed data: which file, which record, which byte.
type FormatError struct {
	File string // path or name of the dat ("" for a bare record)
	ID   uint32 // record id (0 if not known / header)
	Off  int64  // byte offset: in the file for container errors, in the record for record errors
	Msg  string
	Val  any
}

func (e *FormatError) Error() string { return "dat: " + e.Msg }

// Header is the 80-byte DiskFileInfo.
type Header struct {
	Magic, BlockSize, FileSize, DataSet, DataSubset  uint32
	FreeHead, FreeTail, FreeCount, BTreeRoot         uint32
	EnginePackVersion, GamePackVersion, VersionMinor uint32
}

// Entry is one B-tree directory entry.
type Entry struct {
	Flags, ID, Offset, Size, Date, Iteration uint32
}

// File is an open .dat container.
type File struct{}

// Open opens the dat at path; the File owns the os.File.
func Open(path string) (*File, error) { return nil, errTodo }

// NewFile reads a dat from r (size bytes); name is used in error messages.
func NewFile(r io.ReaderAt, size int64, name string) (*File, error) { return nil, errTodo }

// Close releases the underlying file if Open made it.
func (f *File) Close() error { return nil }

// Name is the path or name given at open.
func (f *File) Name() string { return "" }

// Header returns the parsed header.
func (f *File) Header() Header { return Header{} }

// Get returns the (decompressed) bytes of record id; ErrNotFound if absent.
func (f *File) Get(id uint32) ([]byte, error) { return nil, errTodo }

// Entries yields entries with lo <= id <= hi in ascending id order.
func (f *File) Entries(lo, hi uint32) iter.Seq2[Entry, error] {
	return func(func(Entry, error) bool) {}
}

// Archive is a portal + cell pair: the one way the rest of the tool reads game data,
// whether it came from the user's files or the built-in stand-in.
type Archive struct {
	Portal, Cell *File
	Source       string // "Holtburg (stand-in)" or the dat folder
}

// OpenDir opens client_portal.dat and client_cell_1.dat in dir.
func OpenDir(dir string) (*Archive, error) { return nil, errTodo }

// Close closes both files.
func (a *Archive) Close() error { return nil }

// Region reads and parses 0x13000000 from the portal dat.
func (a *Archive) Region() (*Region, error) { return nil, errTodo }

// LandBlock reads 0xXXYYFFFF from the cell dat.
func (a *Archive) LandBlock(id uint32) (*LandBlock, error) { return nil, errTodo }

// LandBlockInfo reads 0xXXYYFFFE from the cell dat.
func (a *Archive) LandBlockInfo(id uint32) (*LandBlockInfo, error) { return nil, errTodo }

// SoundTable reads a 0x20xxxxxx record from the portal dat.
func (a *Archive) SoundTable(id uint32) (*SoundTable, error) { return nil, errTodo }

// Wave reads a 0x0Axxxxxx record from the portal dat.
func (a *Archive) Wave(id uint32) (*Wave, error) { return nil, errTodo }

// Setup reads a 0x02xxxxxx record's default sound table.
func (a *Archive) Setup(id uint32) (*Setup, error) { return nil, errTodo }

// LandBlockIDs lists every 0xXXYYFFFF id in the cell dat, ascending.
func (a *Archive) LandBlockIDs() ([]uint32, error) { return nil, errTodo }

// Writer builds a dat image (spec §2.8).
type Writer struct{}

// NewWriter starts a dat with the given block size (1024 portal-like, 256 cell-like).
func NewWriter(blockSize, dataSet, dataSubset uint32) *Writer { return &Writer{} }

// Add stores rec under id (flags 0x00020000).
func (w *Writer) Add(id uint32, rec []byte) error { return errTodo }

// Bytes lays out the blocks and the B-tree and returns the whole file image.
func (w *Writer) Bytes() ([]byte, error) { return nil, errTodo }

// Record parsers (pure, on one record's bytes) and their encoders.
func ParseRegion(b []byte) (*Region, error)               { return nil, errTodo }
func ParseSoundTable(b []byte) (*SoundTable, error)       { return nil, errTodo }
func ParseWave(b []byte) (*Wave, error)                   { return nil, errTodo }
func ParseLandBlock(b []byte) (*LandBlock, error)         { return nil, errTodo }
func ParseLandBlockInfo(b []byte) (*LandBlockInfo, error) { return nil, errTodo }
func ParseSetup(b []byte) (*Setup, error)                 { return nil, errTodo }
func EncodeRegion(r *Region) []byte                       { return nil }
func EncodeSoundTable(t *SoundTable) []byte               { return nil }
func EncodeWave(w *Wave) []byte                           { return nil }
func EncodeLandBlock(l *LandBlock) []byte                 { return nil }
func EncodeLandBlockInfo(l *LandBlockInfo) []byte         { return nil }
func EncodeSetup(s *Setup) []byte                         { return nil }
