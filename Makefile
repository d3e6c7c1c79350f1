# On a fresh Debian 12 with Go 1.26, `make run` and `make test` are all you
# need: `deps` installs the rest when run as root.

# Go's usual install place, if go is not on PATH yet.
export PATH := $(if $(shell command -v go),$(PATH),/usr/local/go/bin:$(PATH))

WASM_PATH := PATH="$$(go env GOROOT)/lib/wasm:$$PATH"

.PHONY: deps test check run hott bench fuzz clean web serve

deps:
	scripts/deps.sh engine game browser

test: export ALSA_CONFIG_PATH := $(CURDIR)/build/asound-null.conf
test: deps
	@test -z "$$(gofmt -l .)" || { echo "gofmt -l: not formatted:"; gofmt -l .; exit 1; }
	go vet ./...
	go test $$(go list ./... | grep -v -e '/game' -e '/cmd/pelennor' -e '/assets' -e '/web/e2e')
# The game's packages import Ebitengine, which needs a display: Xvfb gives them
# one (-a picks a free display number). One package at a time (-p 1): Mesa's
# software renderer is then never shared by two test processes at once.
	xvfb-run -a -s "-screen 0 1024x768x24" go test -p 1 -timeout 30m ./assets/... ./game/... ./cmd/pelennor/...
# The browser build in headless Chromium (software WebGL, no display
# needed): skipped without chromium unless HOTT_E2E=require.
	HOTT_E2E=require go test -count=1 -timeout 30m ./web/e2e/...
	GOARCH=386 go test ./engine/... ./tournament/... ./record/ ./standard/ ./terrain/ ./army/ ./thirdage/ ./ai/
	$(WASM_PATH) GOOS=js GOARCH=wasm go test ./engine/... ./tournament/ ./record/ ./thirdage/ ./game/store/... ./game/saves/... ./ai/

# A fast check without a display or a browser: formatting, vet, and the
# tests of every package that needs neither (the engine, the command-line
# tool, the game's controller and table conversions).
check:
	@test -z "$$(gofmt -l .)" || { echo "gofmt -l: not formatted:"; gofmt -l .; exit 1; }
	go vet ./...
	go test $$(go list ./... | grep -v -e '/game' -e '/cmd/pelennor' -e '/assets' -e '/web/e2e') ./game/control/... ./game/table/... ./game/armybuild/ ./game/tourney/ ./game/clock/

# The desktop game, on the embedded Pelennor scenario.
run: deps
	go run ./cmd/pelennor

hott:
	go build -o build/hott ./cmd/hott

bench: export ALSA_CONFIG_PATH := $(CURDIR)/build/asound-null.conf
bench:
	go test -run '^$$' -bench . -benchmem ./engine/... ./tournament/
# The computer's think time per bound on the Pelennor at normal and hard
# (p50, p99, worst; issue 14 asks p99 <= 300 ms at normal): three seeded
# games of 40 bounds each, the computer on both sides (docs/ai.md).
	go test -run '^$$' -bench ThinkBound -benchtime 3x ./ai/arena/
	xvfb-run -a -s "-screen 0 1024x768x24" go test -run '^$$' -bench Frame -benchtime 120x ./game/

# Each target for 30 s, the time going on fuzzing rather than on shrinking
# what it finds. FuzzApply shrinks nothing (-fuzzminimizetime 0): with the
# Go default of 60 s, or even 10 runs an input, it spent most of its window
# shrinking the new inputs it keeps; a failing input is kept whole, its
# message lists the actions it decodes to, and it reproduces all the same
# (to shrink one, run it with -fuzzminimizetime 30s). FuzzLoad shrinks for
# at most 5 s.
fuzz:
	go test -run '^$$' -fuzz FuzzApply -fuzztime 30s -fuzzminimizetime 0 ./engine/
	go test -run '^$$' -fuzz FuzzLoad -fuzztime 30s -fuzzminimizetime 5s ./game/saves/

# The browser build, ready for any static host (docs/web.md): the game as
# WebAssembly (with a gzip -9 copy beside it for servers that send
# precompressed files), Go's wasm_exec.js, and the loader page with the
# module's size written in for its progress bar. Built without the e2e tag:
# the tests' calls on window.hott (game/hook_e2e_js.go) stay out of it.
web:
	@mkdir -p dist/web
	GOOS=js GOARCH=wasm go build -trimpath -ldflags="-s -w" -gcflags='pelennor/game/...=-l' -o dist/web/game.wasm ./cmd/pelennor
	cp "$$(go env GOROOT)/lib/wasm/wasm_exec.js" dist/web/
	gzip -9 -n -k -f dist/web/game.wasm
	sed "s/__WASM_SIZE__/$$(wc -c <dist/web/game.wasm)/" web/index.html >dist/web/index.html
	@echo "dist/web: game.wasm $$(wc -c <dist/web/game.wasm) bytes, $$(wc -c <dist/web/game.wasm.gz) gzipped"

# Serves dist/web on 127.0.0.1:8080 (ADDR=... to change).
ADDR ?= 127.0.0.1:8080
serve: web
	go run ./cmd/serve -dir dist/web -addr $(ADDR)

clean:
	rm -rf build dist
