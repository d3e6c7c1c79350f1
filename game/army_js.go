//go:build js

package game

import "syscall/js"

// pickFile opens the browser's file picker for an army file and hands
// the file chosen to got (on the page's event loop, later). The click
// that asked for it is recent enough for the browser to allow a picker.
func pickFile(got func(name string, data []byte)) {
	doc := js.Global().Get("document")
	in := doc.Call("createElement", "input")
	in.Set("type", "file")
	in.Set("accept", ".json,application/json")
	var onChange js.Func
	onChange = js.FuncOf(func(js.Value, []js.Value) any {
		files := in.Get("files")
		if files.Length() == 0 {
			onChange.Release()
			return nil
		}
		file := files.Index(0)
		name := file.Get("name").String()
		var then js.Func
		then = js.FuncOf(func(_ js.Value, args []js.Value) any {
			got(name, []byte(args[0].String()))
			then.Release()
			onChange.Release()
			return nil
		})
		file.Call("text").Call("then", then)
		return nil
	})
	in.Call("addEventListener", "change", onChange)
	in.Call("click")
}
