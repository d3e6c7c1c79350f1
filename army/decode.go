package army

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Problem is one thing wrong with a list or an army: where (a field, an
// entry or element with its index and name), the rule broken (a short
// code: "ap", "cap", "general", "stronghold", "type", "count", ...) and
// what is wrong, in words.
type Problem struct {
	Where string
	Rule  string
	Msg   string
}

func (p Problem) String() string {
	if p.Where == "" {
		return p.Msg
	}
	return p.Where + ": " + p.Msg
}

// Problems is every problem found; as an error it names them all.
type Problems []Problem

func (ps Problems) Error() string {
	var s []string
	for _, p := range ps {
		s = append(s, p.String())
	}
	return strings.Join(s, "\n")
}

// FileError is the problems of one file, each line naming the file.
type FileError struct {
	File     string
	Line     int // of a JSON syntax or type error; 0 if unknown
	Problems Problems
}

func (e *FileError) Error() string {
	prefix := e.File
	if e.Line > 0 {
		prefix += fmt.Sprintf(":%d", e.Line)
	}
	var s []string
	for _, p := range e.Problems {
		s = append(s, prefix+": "+p.String())
	}
	return strings.Join(s, "\n")
}

// ParseList decodes and checks an army list file; name is used in
// messages. A failure is a *FileError listing every problem.
func ParseList(name string, data []byte) (*List, error) {
	// The entries are decoded one by one so that a problem in one (an
	// unknown field, a count that is not a number) can name it.
	var top struct {
		List
		Entries []json.RawMessage `json:"entries"`
	}
	if err := decodeStrict(data, &top); err != nil {
		return nil, jsonError(name, data, "", err)
	}
	l := top.List
	l.Entries = make([]Entry, len(top.Entries))
	var ps Problems
	for i, raw := range top.Entries {
		if err := decodeStrict(raw, &l.Entries[i]); err != nil {
			var peek struct {
				Name string `json:"name"`
			}
			_ = json.Unmarshal(raw, &peek) // only to name the entry, if it can
			ps = append(ps, jsonError(name, data, entryWhere(i, peek.Name), err).Problems...)
		}
	}
	if len(ps) == 0 {
		ps = append(l.validate(), l.checkHeroes()...)
	}
	if len(ps) > 0 {
		return nil, &FileError{File: name, Problems: ps}
	}
	return &l, nil
}

// checkHeroes checks the ids of the hero sheets an entry names: well
// formed and none twice. That each names an embedded sheet is checked by
// the lists' test against thirdage.Lookup (TestBuiltinListHeroes), so that
// the game's module does not carry the sheets for the lists' sake.
func (l *List) checkHeroes() Problems {
	var ps Problems
	for i, e := range l.Entries {
		for k, id := range e.Heroes {
			where := fmt.Sprintf("%s heroes[%d]", entryWhere(i, e.Name), k)
			if err := checkID(id); err != nil {
				ps = append(ps, Problem{Where: where, Rule: "heroes", Msg: fmt.Sprintf("the hero id %v", err)})
			} else if slices.Index(e.Heroes, id) < k {
				ps = append(ps, Problem{Where: where, Rule: "heroes", Msg: fmt.Sprintf("hero %q is named twice", id)})
			}
		}
	}
	return ps
}

// ParseArmy decodes an army file and checks its own fields; whether it
// keeps to its list is Validate's question. A failure is a *FileError.
func ParseArmy(name string, data []byte) (*Army, error) {
	var top struct {
		Army
		Elements []json.RawMessage `json:"elements"`
	}
	if err := decodeStrict(data, &top); err != nil {
		return nil, jsonError(name, data, "", err)
	}
	a := top.Army
	a.Elements = make([]Element, len(top.Elements))
	var ps Problems
	for i, raw := range top.Elements {
		if err := decodeStrict(raw, &a.Elements[i]); err != nil {
			var peek struct {
				Name string `json:"name"`
			}
			_ = json.Unmarshal(raw, &peek)
			ps = append(ps, jsonError(name, data, elementWhere(i, peek.Name), err).Problems...)
		}
	}
	if len(ps) == 0 {
		ps = a.validate()
	}
	if len(ps) > 0 {
		return nil, &FileError{File: name, Problems: ps}
	}
	return &a, nil
}

// decodeStrict decodes one JSON value, refusing unknown fields and
// anything after the value.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("extra data after the JSON object")
	}
	return nil
}

// jsonError turns a decoding error into a FileError naming the field.
func jsonError(name string, data []byte, where string, err error) *FileError {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	fe := &FileError{File: name}
	p := Problem{Where: where, Rule: "json", Msg: err.Error()}
	switch {
	case errors.As(err, &syn):
		if where == "" {
			fe.Line = lineAt(data, syn.Offset)
		}
		p.Msg = "malformed JSON: " + syn.Error()
	case errors.As(err, &typ):
		if where == "" {
			fe.Line = lineAt(data, typ.Offset)
		}
		field := typ.Field
		if field == "" {
			field = "the value"
		}
		p.Msg = fmt.Sprintf("%s: expected %s, found a JSON %s", field, typ.Type, typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		p.Msg = "the file ends in the middle of the JSON"
	default:
		p.Msg = strings.TrimPrefix(err.Error(), "json: ")
	}
	fe.Problems = Problems{p}
	return fe
}

// lineAt returns the line (from 1) of byte offset off in data.
func lineAt(data []byte, off int64) int {
	off = min(max(off, 0), int64(len(data)))
	return bytes.Count(data[:off], []byte("\n")) + 1
}
