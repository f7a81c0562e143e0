// Package world is the simulation: where the listener is (W rules:
// landblock-local positions, the player and its camera), what the ground
// under it is (terrain, heights), the ambient runtime that weighs nearby
// cells and schedules beds and one-shots (A rules), placed point emitters
// (E rules), environs stingers (U rules), and the Sim that advances all of
// it only through Tick(dt) and hands out an immutable Snapshot. Decisions
// go to the audio package's retail SoundManager; the Sim records its
// inputs since the last Reset so a screenshot or capture replays exactly.
//
// world reads data through dat and decides through audio; files it reads
// and writes go through io.Reader and io.Writer (the commands own paths,
// atomic writes and protected folders). No Ebitengine.
package world
