package decode

import (
	"bufio"
	"fmt"
	"io"

	"github.com/hajimehoshi/go-mp3"
	"github.com/jfreymuth/oggvorbis"
)

// oggSource decodes Ogg Vorbis as it is read.
type oggSource struct {
	r     *oggvorbis.Reader
	nch   int
	inter []float32
}

func openOgg(r io.ReadSeeker) (*oggSource, error) {
	o := &oggSource{}
	err := guarded("ogg vorbis", func() (err error) {
		o.r, err = oggvorbis.NewReader(r) // a seeker: Length comes from the last page
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("ogg vorbis: %v", err)
	}
	o.nch = o.r.Channels()
	if o.nch < 1 || o.nch > 8 {
		return nil, fmt.Errorf("ogg vorbis: %d channels", o.nch)
	}
	return o, nil
}

func (o *oggSource) info() (int, int, string, int64) {
	n := o.r.Length()
	if n <= 0 {
		n = -1
	}
	return o.r.SampleRate(), o.nch, "ogg vorbis", n
}

func (o *oggSource) warnings() []Warning { return nil }

func (o *oggSource) read(dst [][]float32) (int, error) {
	want := len(dst[0]) * o.nch
	if cap(o.inter) < want {
		o.inter = make([]float32, want)
	}
	n, err := o.r.Read(o.inter[:want])
	n /= o.nch
	for i := 0; i < n; i++ {
		for c := 0; c < o.nch; c++ {
			dst[c][i] = o.inter[i*o.nch+c]
		}
	}
	if err != nil && err != io.EOF {
		err = fmt.Errorf("ogg vorbis: %v", err)
	}
	return n, err
}

func (o *oggSource) skip(n int64) error { return discard(o, o.nch, n) }

// discard reads and drops n frames of s.
func discard(s source, nch int, n int64) error {
	buf := make([][]float32, nch)
	for c := range buf {
		buf[c] = make([]float32, 8192)
	}
	for n > 0 {
		view := make([][]float32, nch)
		for c := range buf {
			view[c] = buf[c][:min(int64(len(buf[c])), n)]
		}
		k, err := s.read(view)
		n -= int64(k)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// mp3Source decodes MP3 (go-mp3: 16-bit stereo, mono duplicated) as it is
// read, gapless when the first frame has a Xing/Info tag (mp3tag.go). The
// frame headers are walked once at open (mp3walk.go) for the length and for
// frames out of sync.
type mp3Source struct {
	d         *mp3.Decoder
	rate, nch int
	frames    int64 // the recording's samples after the gapless cut
	pos       int64
	raw       []byte
	warn      []Warning
}

// onlyReader hides the file's Seek from go-mp3, which would otherwise scan
// every frame and keep a table of them (the walk here gives the length).
type onlyReader struct{ io.Reader }

func openMP3(r io.ReaderAt, size int64) (*mp3Source, error) {
	w, err := walkMP3(r, size)
	if err != nil {
		return nil, fmt.Errorf("mp3: %v", err)
	}
	s := &mp3Source{rate: w.rate, nch: 2}
	if w.mono {
		s.nch = 1
	}
	err = guarded("mp3", func() (err error) {
		s.d, err = mp3.NewDecoder(onlyReader{bufio.NewReaderSize(io.NewSectionReader(r, 0, size), 64<<10)})
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("mp3: %v", err)
	}
	if s.d.SampleRate() != w.rate {
		return nil, fmt.Errorf("mp3: the decoder reads %d Hz, the first frame header %d Hz", s.d.SampleRate(), w.rate)
	}
	decoded := w.frames * int64(w.spf)
	start := int64(0)
	s.frames = decoded
	if w.tag != nil {
		st, n := w.tag.gaplessSpan(int(decoded))
		start, s.frames = int64(st), int64(n)
	}
	for _, x := range w.warn { // walk times are of the decoded stream
		x.At = max(0, x.At-float64(start)/float64(w.rate))
		s.warn = append(s.warn, x)
	}
	if err := guarded("mp3", func() error { return discard(rawMP3{s}, 2, start) }); err != nil {
		return nil, err
	}
	return s, nil
}

func (s *mp3Source) info() (int, int, string, int64) { return s.rate, s.nch, "mp3", s.frames }
func (s *mp3Source) warnings() []Warning             { return s.warn }
func (s *mp3Source) skip(n int64) error              { return discard(s, s.nch, n) }

func (s *mp3Source) read(dst [][]float32) (int, error) {
	want := int(min(int64(len(dst[0])), s.frames-s.pos))
	if want <= 0 {
		return 0, io.EOF
	}
	view := [][]float32{dst[0][:want]}
	if s.nch == 2 {
		view = append(view, dst[1][:want])
	}
	n, err := rawMP3{s}.read(view)
	s.pos += int64(n)
	if err == nil && s.pos == s.frames {
		err = io.EOF
	}
	return n, err
}

// rawMP3 reads go-mp3's output as it comes (no gapless limit): left into
// dst[0], right into dst[1] when there is one.
type rawMP3 struct{ s *mp3Source }

func (r rawMP3) info() (int, int, string, int64) { return r.s.rate, 2, "mp3", -1 }
func (r rawMP3) warnings() []Warning             { return nil }
func (r rawMP3) skip(n int64) error              { return discard(r, 2, n) }

func (r rawMP3) read(dst [][]float32) (int, error) {
	s := r.s
	want := 4 * len(dst[0])
	if cap(s.raw) < want {
		s.raw = make([]byte, want)
	}
	n, err := io.ReadFull(s.d, s.raw[:want])
	if err == io.ErrUnexpectedEOF {
		err = io.EOF
	}
	k := n / 4
	for i := 0; i < k; i++ {
		b := s.raw[4*i:]
		dst[0][i] = float32(int16(uint16(b[0])|uint16(b[1])<<8)) / 32768
		if len(dst) > 1 {
			dst[1][i] = float32(int16(uint16(b[2])|uint16(b[3])<<8)) / 32768
		}
	}
	if err != nil && err != io.EOF {
		err = fmt.Errorf("mp3 at decoded sample %d: %v", k, err)
	}
	return k, err
}
