package tournament

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"

	"pelennor/internal/atomicfile"
)

// FileError is a tournament file that cannot be read: the file, the
// place (line and column when the JSON decoder knows it) and the problem.
type FileError struct {
	File         string
	Line, Column int
	Msg          string
}

func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// Parse reads a tournament file. name names it in errors. It refuses a
// file of another or newer format, unknown fields, trailing data and any
// tournament that does not validate.
func Parse(name string, data []byte) (*Tournament, error) {
	var probe struct {
		Format json.RawMessage `json:"format"`
	}
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&probe); err != nil {
		return nil, jsonError(name, data, err)
	}
	var format int
	if probe.Format == nil || json.Unmarshal(probe.Format, &format) != nil {
		return nil, &FileError{File: name, Msg: `not a tournament file: no "format" number`}
	}
	if format > FileFormat {
		return nil, &FileError{File: name, Msg: fmt.Sprintf("format %d is newer than this program reads (%d): update the program", format, FileFormat)}
	}
	if format != FileFormat {
		return nil, &FileError{File: name, Msg: fmt.Sprintf("format %d: this program reads tournament files of format %d", format, FileFormat)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var t Tournament
	if err := dec.Decode(&t); err != nil {
		return nil, jsonError(name, data, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &FileError{File: name, Msg: "extra data after the JSON object"}
	}
	if t.Players == nil {
		t.Players = []Player{}
	}
	if t.Schedule == nil {
		t.Schedule = []Round{}
	}
	if err := t.Validate(); err != nil {
		return nil, &FileError{File: name, Msg: err.Error()}
	}
	return &t, nil
}

// jsonError places a decoding error at its line and column.
func jsonError(name string, data []byte, err error) error {
	fe := &FileError{File: name, Msg: err.Error()}
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		fe.Line, fe.Column = lineCol(data, syn.Offset-1) // the offending byte
		fe.Msg = "malformed JSON: " + syn.Error()
	case errors.As(err, &typ):
		fe.Line, fe.Column = lineCol(data, typ.Offset)
		fe.Msg = fmt.Sprintf("%s: expected %s, found a JSON %s", typ.Field, typ.Type, typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		fe.Msg = "the file ends in the middle of the JSON"
	default:
		fe.Msg = trimJSON(err.Error())
	}
	return fe
}

func trimJSON(s string) string {
	if len(s) > 6 && s[:6] == "json: " {
		return s[6:]
	}
	return s
}

// lineCol returns the line and column (from 1) of byte offset off.
func lineCol(data []byte, off int64) (int, int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	col := int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
	return line, col
}

// Marshal returns the tournament file.
func (t *Tournament) Marshal() ([]byte, error) {
	if err := t.Validate(); err != nil {
		return nil, err
	}
	data, err := json.MarshalIndent(t, "", " ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// Load reads the tournament file at path.
func Load(path string) (*Tournament, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// Save writes the tournament to path atomically: a crash mid-write
// leaves the previous file whole.
func (t *Tournament) Save(path string) error {
	data, err := t.Marshal()
	if err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return atomicfile.Write(path, data, nil)
}

// Update changes the tournament file at path under its lock (Lock): it
// reads the file, applies change, and writes the result atomically. When
// change fails nothing is written.
func Update(path string, change func(t *Tournament) error) error {
	unlock, err := Lock(path)
	if err != nil {
		return err
	}
	defer unlock()
	t, err := Load(path)
	if err != nil {
		return err
	}
	if err := change(t); err != nil {
		return err
	}
	return t.Save(path)
}
