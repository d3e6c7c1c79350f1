# On a fresh Debian 12 with Go 1.26, `make run` and `make test` are all you
# need: `deps` installs the rest when run as root.

# Go's usual install place, if go is not on PATH yet.
export PATH := $(if $(shell command -v go),$(PATH),/usr/local/go/bin:$(PATH))

WASM_PATH := PATH="$$(go env GOROOT)/lib/wasm:$$PATH"

.PHONY: deps test run hott bench fuzz clean

deps:
	scripts/deps.sh engine game

test: export ALSA_CONFIG_PATH := $(CURDIR)/build/asound-null.conf
test: deps
	@test -z "$$(gofmt -l .)" || { echo "gofmt -l: not formatted:"; gofmt -l .; exit 1; }
	go vet ./...
	go test $$(go list ./... | grep -v -e '/game' -e '/cmd/pelennor' -e '/assets')
# The game's packages import Ebitengine, which needs a display: Xvfb gives them
# one (-a picks a free display number).
	xvfb-run -a -s "-screen 0 1024x768x24" go test ./assets/... ./game/... ./cmd/pelennor/...
# Browser tests (later issue; deps then adds the browser group):
#	HOTT_E2E=require go test ./web/e2e/...
	GOARCH=386 go test ./engine/...
	$(WASM_PATH) GOOS=js GOARCH=wasm go test ./engine/...

# The desktop game, on the embedded Pelennor scenario.
run: deps
	go run ./cmd/pelennor

hott:
	go build -o build/hott ./cmd/hott

bench: export ALSA_CONFIG_PATH := $(CURDIR)/build/asound-null.conf
bench:
	go test -run '^$$' -bench . -benchmem ./engine/...
	xvfb-run -a -s "-screen 0 1024x768x24" go test -run '^$$' -bench Frame -benchtime 120x ./game/

fuzz:
	go test -run '^$$' -fuzz FuzzApply -fuzztime 30s ./engine/

clean:
	rm -rf build dist
