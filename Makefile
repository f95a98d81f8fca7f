# Convenience targets over scripts/ (which need only bash and apt): `make demo`, `make test`.
ARGS ?=

.PHONY: deps demo test bench lint clean

deps:
	scripts/deps

demo:
	scripts/demo $(ARGS)

test:
	scripts/test

lint:
	swift format lint --strict --recursive Package.swift Sources Tests Examples

bench: deps
	swift build -c release --product detent
	.build/release/detent bench $(ARGS)

clean:
	rm -rf .build
