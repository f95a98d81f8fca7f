# Detent: `make demo` builds and runs the demo, `make test` runs every check.
# Both install the Debian packages they need when missing (apt-get; sudo when not root).

SWIFT ?= swift
APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev xvfb xdotool
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=

.PHONY: deps demo build release test lint unit scenarios realwindow bench clean

deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release --product detent

demo: release
	.build/release/detent demo $(ARGS)

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

unit: build
	$(SWIFT) test

scenarios: build
	.build/debug/detent replay Assets/Scenarios/*.json

realwindow: build
	bash Tests/RealWindow/drag_test.sh .build/debug/detent

test: deps lint unit scenarios realwindow
	@echo "all checks passed"

bench: release
	.build/release/detent bench $(ARGS)

clean:
	rm -rf .build
