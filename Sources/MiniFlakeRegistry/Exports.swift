// Every MiniFlake library re-exports the libraries its API is written in, so that one import
// (`import MiniFlakeRegistry`) is enough: the documentation's snippets show exactly the imports they need.
@_exported import MiniFlake
