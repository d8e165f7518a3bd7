#!/usr/bin/env bash
# Builds Web/timeline.wasm: Sources/Timeline and Sources/TimelineWasm compiled together as one
# Embedded Swift module for wasm32, plus the C allocator, linked into a module that imports nothing.
#
# Overrides (for trying the build on other sources):
#   WASM_SOURCE_DIRS  directories whose *.swift files are compiled (default: the two above)
#   WASM_OUT          the output file (default: Web/timeline.wasm)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

toolchain_bin="$(dirname "$(command -v swiftc)")"
clang="${CLANG:-$toolchain_bin/clang}"
wasm_ld="${WASM_LD:-$toolchain_bin/wasm-ld}"
source_dirs="${WASM_SOURCE_DIRS:-Sources/Timeline Sources/TimelineWasm}"
out="${WASM_OUT:-Web/timeline.wasm}"
allocator="Sources/TimelineWasm/Allocator/allocator.c"
mkdir -p .build/wasm "$(dirname "$out")"
build_dir="$(mktemp -d .build/wasm/build.XXXXXX)" # one per run, so concurrent builds don't collide
trap 'rm -rf "$build_dir"' EXIT

swift_files=()
for dir in $source_dirs; do
    [[ -d "$dir" ]] || { echo "build-wasm: no such source directory: $dir" >&2; exit 1; }
    while IFS= read -r file; do swift_files+=("$file"); done < <(find "$dir" -maxdepth 1 -name '*.swift' | sort)
done
(( ${#swift_files[@]} > 0 )) || { echo "build-wasm: no Swift files in: $source_dirs" >&2; exit 1; }

# Every @_cdecl("tl_...") name becomes an export; wasm-ld's --gc-sections drops everything else.
exports=()
while IFS= read -r name; do exports+=("$name"); done < <(
    grep -ho '@_cdecl("tl_[A-Za-z0-9_]*")' "${swift_files[@]}" | sed 's/@_cdecl("\(.*\)")/\1/' | sort -u)
(( ${#exports[@]} > 0 )) || { echo "build-wasm: no @_cdecl(\"tl_...\") functions found" >&2; exit 1; }

echo "build-wasm: compiling ${#swift_files[@]} Swift files (Embedded Swift, wasm32)"
swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -Osize \
    -parse-as-library -Xfrontend -disable-stack-protector -module-name TimelineWasm \
    -c "${swift_files[@]}" -o "$build_dir/swift.o"

echo "build-wasm: compiling $allocator"
"$clang" --target=wasm32 -nostdlib -mbulk-memory -Os -Wall -Werror -c "$allocator" -o "$build_dir/allocator.o"

# Only pulled in if the Swift code needs Unicode properties (String comparisons, Character).
unicode_tables=()
tables="$(dirname "$toolchain_bin")/lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a"
[[ -f "$tables" ]] && unicode_tables=("$tables")

echo "build-wasm: linking ${#exports[@]} exports"
link_args=(--no-entry --strip-all --gc-sections --stack-first -z stack-size=1048576 --export-memory)
for name in "${exports[@]}"; do link_args+=("--export=$name"); done
if ! "$wasm_ld" "${link_args[@]}" "$build_dir/swift.o" "$build_dir/allocator.o" "${unicode_tables[@]}" \
    -o "$build_dir/timeline.wasm"; then
    echo "build-wasm: link failed; an 'undefined symbol' is a C function to add to $allocator" >&2
    exit 1
fi

# The module must stand alone: no imports at all, and every tl_ export present.
node - "$build_dir/timeline.wasm" "${exports[@]}" <<'EOF'
const [file, ...expected] = process.argv.slice(2);
const module = new WebAssembly.Module(require("fs").readFileSync(file));
const imports = WebAssembly.Module.imports(module);
const exported = new Set(WebAssembly.Module.exports(module).map((e) => e.name));
const missing = [...expected, "memory"].filter((name) => !exported.has(name));
if (imports.length > 0) {
  console.error(`build-wasm: ${file} has imports: ${imports.map((i) => `${i.module}.${i.name}`).join(", ")}`);
  process.exit(1);
}
if (missing.length > 0) {
  console.error(`build-wasm: ${file} lacks exports: ${missing.join(", ")}`);
  process.exit(1);
}
EOF
cp "$build_dir/timeline.wasm" "$out"
echo "build-wasm: $out, $(wc -c < "$out" | tr -d ' ') bytes, ${#exports[@]} exports, no imports"
