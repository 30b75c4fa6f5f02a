// libyaml's parser and emitter (Debian libyaml-dev). Linked statically from libyaml.a by the
// YAMLDocument target, so the binary needs no libyaml shared library on the board.
#include <yaml.h>
