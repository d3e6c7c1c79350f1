//go:build js

package store

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall/js"
	"time"
	"unicode/utf8"
)

// Prefix begins every localStorage key the game uses.
const Prefix = "pelennor/"

// ConfigDir names where the browser build keeps its files.
func ConfigDir() (string, error) { return "localStorage:" + Prefix, nil }

// Open returns the store for an area ("saves", "autosave", or "" for the
// settings): the localStorage keys "pelennor/AREA/NAME".
func Open(area string) (Store, error) {
	if area != "" {
		if err := CheckName(area); err != nil {
			return nil, err
		}
	}
	RequestPersistence()
	ls := js.Global().Get("localStorage")
	if ls.IsUndefined() || ls.IsNull() {
		return nil, errors.New("this browser keeps no local storage: games cannot be saved")
	}
	p := Prefix
	if area != "" {
		p += area + "/"
	}
	return &Local{prefix: p, meta: Prefix + ".meta/" + area + "/", ls: ls}, nil
}

// Local is a Store in window.localStorage. A file's content is the value
// of the key "pelennor/AREA/NAME": the text itself when it is UTF-8 (a
// save is JSON), otherwise "base64:" and its base64 encoding. Its size
// and modification time are under "pelennor/.meta/AREA/NAME" as JSON
// {"size": N, "modified": UNIX_MS}. Each setItem is atomic.
type Local struct {
	prefix, meta string
	ls           js.Value
}

type localMeta struct {
	Size     int64 `json:"size"`
	Modified int64 `json:"modified"`
}

const b64 = "base64:"

// Where names the key.
func (l *Local) Where(name string) string { return "browser storage " + l.prefix + name }

// call calls a localStorage method, turning a JavaScript exception (a
// full quota, storage disabled) into an error.
func (l *Local) call(method string, args ...any) (v js.Value, err error) {
	defer func() {
		if r := recover(); r != nil {
			if je, ok := r.(js.Error); ok {
				err = fmt.Errorf("browser storage: %s", je.Error())
				return
			}
			err = fmt.Errorf("browser storage: %v", r)
		}
	}()
	return l.ls.Call(method, args...), nil
}

// Put stores the file.
func (l *Local) Put(name string, data []byte) error {
	if err := CheckName(name); err != nil {
		return err
	}
	val := string(data)
	if !utf8.Valid(data) || strings.HasPrefix(val, b64) {
		val = b64 + base64.StdEncoding.EncodeToString(data)
	}
	if _, err := l.call("setItem", l.prefix+name, val); err != nil {
		return err
	}
	m, _ := json.Marshal(localMeta{Size: int64(len(data)), Modified: time.Now().UnixMilli()})
	_, err := l.call("setItem", l.meta+name, string(m))
	return err
}

// Get reads the file.
func (l *Local) Get(name string) ([]byte, error) {
	if err := CheckName(name); err != nil {
		return nil, err
	}
	v, err := l.call("getItem", l.prefix+name)
	if err != nil {
		return nil, err
	}
	if v.IsNull() || v.IsUndefined() {
		return nil, notFound("get", name)
	}
	s := v.String()
	if rest, ok := strings.CutPrefix(s, b64); ok {
		data, err := base64.StdEncoding.DecodeString(rest)
		if err != nil {
			return nil, fmt.Errorf("%s: damaged in browser storage: %v", name, err)
		}
		return data, nil
	}
	return []byte(s), nil
}

// List returns the files of the area, sorted by name.
func (l *Local) List() ([]Entry, error) {
	n := l.ls.Get("length").Int()
	var out []Entry
	for i := 0; i < n; i++ {
		k, err := l.call("key", i)
		if err != nil {
			return nil, err
		}
		if k.IsNull() || k.IsUndefined() {
			continue
		}
		name, ok := strings.CutPrefix(k.String(), l.prefix)
		if !ok || name == "" || strings.Contains(name, "/") || CheckName(name) != nil {
			continue
		}
		e := Entry{Name: name}
		if mv, err := l.call("getItem", l.meta+name); err == nil && mv.Type() == js.TypeString {
			var m localMeta
			if json.Unmarshal([]byte(mv.String()), &m) == nil {
				e.Size, e.Modified = m.Size, time.UnixMilli(m.Modified)
			}
		}
		out = append(out, e)
	}
	slices.SortFunc(out, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return out, nil
}

// Remove deletes the file.
func (l *Local) Remove(name string) error {
	if err := CheckName(name); err != nil {
		return err
	}
	v, err := l.call("getItem", l.prefix+name)
	if err != nil {
		return err
	}
	if v.IsNull() || v.IsUndefined() {
		return notFound("remove", name)
	}
	if _, err := l.call("removeItem", l.prefix+name); err != nil {
		return err
	}
	_, err = l.call("removeItem", l.meta+name)
	return err
}

// WriteFile keeps an exported file (a turn file) in the "exports" area
// under its base name: the browser has no file system. The page may
// offer it for download from there.
func WriteFile(p string, data []byte) error {
	s, err := Open("exports")
	if err != nil {
		return err
	}
	return s.Put(path.Base(p), data)
}

// ReadFile reads a file by its base name from the "exports" area, then
// the "saves" area.
func ReadFile(p string) ([]byte, error) {
	for _, area := range []string{"exports", "saves"} {
		s, err := Open(area)
		if err != nil {
			return nil, err
		}
		if data, err := s.Get(path.Base(p)); err == nil {
			return data, nil
		}
	}
	return nil, notFound("read", p)
}

// Expand returns the path unchanged: the browser has no home directory.
func Expand(p string) string { return p }

var (
	persistOnce sync.Once
	persistDone = make(chan struct{})
	persisted   atomic.Int32 // a Persistence
)

// Persisted returns the browser's answer to RequestPersistence so far.
func Persisted() Persistence { return Persistence(persisted.Load()) }

// RequestPersistence asks the browser, once, to keep the site's storage
// (navigator.storage.persist(); a site already granted it is not asked
// again). The returned channel is closed when the answer is known
// (Persisted). Browsers without the Storage API answer
// PersistUnavailable.
func RequestPersistence() <-chan struct{} {
	persistOnce.Do(func() {
		st := js.Global().Get("navigator")
		if st.Type() == js.TypeObject {
			st = st.Get("storage")
		}
		askPersistence(st, func(p Persistence) {
			persisted.Store(int32(p))
			close(persistDone)
		})
	})
	return persistDone
}

// askPersistence calls storage.persist() (storage is a StorageManager,
// or anything else when there is none) and gives its answer to answer,
// once, now or when the promise settles.
func askPersistence(storage js.Value, answer func(Persistence)) {
	if storage.Type() != js.TypeObject || storage.Get("persist").Type() != js.TypeFunction {
		answer(PersistUnavailable)
		return
	}
	var then, fail js.Func
	settled := false
	settle := func(p Persistence) {
		if settled {
			return
		}
		settled = true
		then.Release()
		fail.Release()
		answer(p)
	}
	fail = js.FuncOf(func(js.Value, []js.Value) any { settle(PersistUnavailable); return nil })
	then = js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) > 0 && args[0].Truthy() {
			settle(PersistGranted)
		} else {
			settle(PersistRefused)
		}
		return nil
	})
	defer func() {
		if r := recover(); r != nil { // persist() threw instead of rejecting
			settle(PersistUnavailable)
		}
	}()
	p := storage.Call("persist")
	if p.Type() != js.TypeObject || p.Get("then").Type() != js.TypeFunction {
		settle(PersistUnavailable)
		return
	}
	p.Call("then", then, fail)
}
