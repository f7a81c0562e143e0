package dat

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Problem kinds: a short snake_case class of a data problem, fit for an events
// log's outcome column ("bad_wave") or a filter. What says the details.
const (
	KindBadFile       = "bad_file"       // header, data set, not a regular file
	KindBadDirectory  = "bad_directory"  // B-tree node or entry
	KindBadChain      = "bad_chain"      // block chain (link, cycle, short)
	KindBadFreeList   = "bad_free_list"  // the header's free-block list (soundworld check)
	KindBadRecord     = "bad_record"     // a record that does not parse
	KindBadRegion     = "bad_region"     // the region record
	KindBadLandBlock  = "bad_landblock"  // a LandBlock or LandBlockInfo
	KindBadTable      = "bad_table"      // a sound table that cannot be read
	KindBadWave       = "bad_wave"       // a wave that cannot be read or decoded
	KindBadSetup      = "bad_setup"      // a Setup record
	KindMissingRecord = "missing_record" // a referenced record is not in the dat
	KindBadReference  = "bad_reference"  // an index that points nowhere
)

// Problem is one data problem: which file, which record, which byte, what.
// It is comparable (Problems uses it as a set key apart from Kind).
type Problem struct {
	File     string // dat name as opened ("" if not known)
	Record   uint32 // record id (0: header / not known)
	Off      int64  // byte offset; < 0 when not known
	InRecord bool   // Off counts from the record's first byte, not the file's
	Kind     string // Kind* class
	What     string // what is wrong, with the offending value
}

// String is one line in FormatError's style, e.g.
// "client_portal.dat: record 0x0A000002: wave data sizes past record end 0x2000 at record byte 0x4".
func (p Problem) String() string {
	var s strings.Builder
	writePlace(&s, p.File, p.Record)
	s.WriteString(p.What)
	if p.Off >= 0 {
		writeOffset(&s, p.Off, p.InRecord)
	}
	return s.String()
}

// Problem converts e (Kind as given; What = message and value).
func (e *FormatError) Problem(kind string) Problem {
	what := e.Msg
	if e.Val != nil {
		what += " " + fmtVal(e.Val)
	}
	return Problem{File: e.File, Record: e.ID, Off: e.Off, InRecord: e.InRecord, Kind: kind, What: what}
}

// ProblemOf turns err into a Problem of kind. A *FormatError (anywhere in the
// chain) gives its file, record and offset, with file and id filling what it
// leaves empty; any other error gives its text and no offset. ErrNotFound
// becomes KindMissingRecord.
func ProblemOf(kind, file string, id uint32, err error) Problem {
	var fe *FormatError
	if errors.As(err, &fe) {
		p := fe.Problem(kind)
		if p.File == "" {
			p.File = file
		}
		if p.Record == 0 {
			p.Record = id
		}
		return p
	}
	if errors.Is(err, ErrNotFound) {
		var nf *NotFoundError
		if errors.As(err, &nf) {
			file, id = cmp.Or(nf.File, file), cmp.Or(nf.ID, id)
			if nf.Damaged != "" { // lost by the directory, not never there
				return Problem{File: file, Record: id, Off: -1, Kind: KindBadDirectory, What: "record not found in a damaged directory"}
			}
		}
		return Problem{File: file, Record: id, Off: -1, Kind: KindMissingRecord, What: "record not found"}
	}
	what := "<nil error>"
	if err != nil {
		what = err.Error()
		if file != "" { // "dat: FILE: is a named pipe…": the line names the file already
			what = strings.TrimPrefix(what, "dat: "+file+": ")
		}
	}
	return Problem{File: file, Record: id, Off: -1, Kind: kind, What: what}
}

// problemJSON is Problem's JSON shape (snake_case; record as "0x%08X"; offset
// and offset_in absent when the offset is not known).
type problemJSON struct {
	File     string `json:"file,omitempty"`
	Record   string `json:"record,omitempty"`
	Offset   *int64 `json:"offset,omitempty"`
	OffsetIn string `json:"offset_in,omitempty"` // "file" or "record"
	Kind     string `json:"kind"`
	What     string `json:"what"`
	Message  string `json:"message"` // String(), for people
}

// MarshalJSON writes the snake_case form described at problemJSON.
func (p Problem) MarshalJSON() ([]byte, error) {
	j := problemJSON{File: p.File, Kind: p.Kind, What: p.What, Message: p.String()}
	if p.Record != 0 {
		j.Record = fmt.Sprintf("0x%08X", p.Record)
	}
	if p.Off >= 0 {
		off := p.Off
		j.Offset = &off
		j.OffsetIn = "file"
		if p.InRecord {
			j.OffsetIn = "record"
		}
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads what MarshalJSON writes.
func (p *Problem) UnmarshalJSON(b []byte) error {
	var j problemJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	q := Problem{File: j.File, Kind: j.Kind, What: j.What, Off: -1}
	if j.Record != "" {
		v, err := strconv.ParseUint(strings.TrimPrefix(j.Record, "0x"), 16, 32)
		if err != nil {
			return fmt.Errorf("dat: problem record %q: want 0x and 8 hex digits", j.Record)
		}
		q.Record = uint32(v)
	}
	if j.Offset != nil {
		q.Off, q.InRecord = *j.Offset, j.OffsetIn == "record"
	}
	*p = q
	return nil
}

// Problems collects data problems, each distinct one once (Kind aside: the
// first kind seen stays), in first-seen order. Safe for concurrent use; the
// methods of a nil *Problems do nothing, so collecting is optional everywhere.
type Problems struct {
	emit sync.Mutex // serialises Add so callbacks see problems in list order
	mu   sync.Mutex
	seen map[Problem]struct{}
	list []Problem
	subs []func(Problem)
	loc  Locator
}

// Locator finds where record id's data begins: the file that holds it (file
// names it, or "" for any) and the file offset of its first data byte
// (Archive.RecordOffset). ok is false when the record is not there.
type Locator func(file string, id uint32) (name string, off int64, ok bool)

// SetLocator makes Add give a problem that names a record but no byte — a
// wave that parses but does not decode, a table the audio bank could not use
// — the file offset of the record's first data byte, so every problem says
// where to look. Problems that carry an offset, or whose record is missing,
// are unchanged.
func (ps *Problems) SetLocator(loc Locator) {
	if ps == nil {
		return
	}
	ps.mu.Lock()
	ps.loc = loc
	ps.mu.Unlock()
}

// key is p without Kind: the same fault met by two readers is one problem.
func key(p Problem) Problem { p.Kind = ""; return p }

// Add records p and reports whether it was new. Callbacks registered with
// OnNew run (in Add's goroutine) for new problems only.
func (ps *Problems) Add(p Problem) bool {
	if ps == nil {
		return false
	}
	ps.emit.Lock()
	defer ps.emit.Unlock()
	ps.mu.Lock()
	loc := ps.loc
	ps.mu.Unlock()
	if loc != nil && p.Off < 0 && p.Record != 0 && p.Kind != KindMissingRecord {
		if name, off, ok := loc(p.File, p.Record); ok {
			p.File, p.Off, p.InRecord = name, off, false
		}
	}
	ps.mu.Lock()
	k := key(p)
	if _, dup := ps.seen[k]; dup {
		ps.mu.Unlock()
		return false
	}
	if ps.seen == nil {
		ps.seen = map[Problem]struct{}{}
	}
	ps.seen[k] = struct{}{}
	ps.list = append(ps.list, p)
	subs := ps.subs
	ps.mu.Unlock()
	for _, f := range subs {
		f(p)
	}
	return true
}

// AddErr records ProblemOf(kind, file, id, err); a nil err is ignored.
func (ps *Problems) AddErr(kind, file string, id uint32, err error) bool {
	if err == nil {
		return false
	}
	return ps.Add(ProblemOf(kind, file, id, err))
}

// OnNew registers f to be called once for each new problem as it is first
// added (for long runs that report as they go). f must not call Add.
func (ps *Problems) OnNew(f func(Problem)) {
	if ps == nil || f == nil {
		return
	}
	ps.mu.Lock()
	ps.subs = append(ps.subs[:len(ps.subs):len(ps.subs)], f)
	ps.mu.Unlock()
}

// List returns a copy of the problems in first-seen order (never nil, so it
// encodes as [] in JSON).
func (ps *Problems) List() []Problem {
	if ps == nil {
		return []Problem{}
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return append([]Problem{}, ps.list...)
}

// Len is the number of distinct problems so far.
func (ps *Problems) Len() int {
	if ps == nil {
		return 0
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return len(ps.list)
}
