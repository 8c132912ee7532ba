#!/usr/bin/env bash
# The npm package as a user gets it: builds it (scripts/build-js.sh), packs it with `npm pack`,
# installs the tarball into a scratch project and imports it there:
# - bindings/js/test/package.test.mjs calls every family and prints two seeded boards, which must
#   be byte for byte the native library's (examples/wasm/native_boards.c);
# - `tsc --noEmit` checks bindings/js/test/example.ts against the package's gridgames.d.ts.
# Node and the package's dev tools (TypeScript) come from scripts/install-test-tools.sh; what is
# missing is skipped with a message, or fails under CI.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
CHECK=js
. scripts/test-lib.sh
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
    skip_all "Node.js and npm" "the npm package"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

step "build and pack"
./scripts/build-js.sh
(cd bindings/js && npm pack --silent --pack-destination "$work" >/dev/null)
tarball=$(ls "$work"/gridgames-*.tgz)
listing=$(tar -tzf "$tarball" | sort)
sed 's/^/  /' <<<"$listing"
for f in gridgames.js gridgames.d.ts gridgames.wasm LICENSE-MIT LICENSE-APACHE README.md; do
    grep -qx "package/$f" <<<"$listing" || fail "the tarball lacks $f"
done

step "install the tarball into a scratch project and import it (Node $(node --version))"
mkdir "$work/app"
cp bindings/js/test/package.test.mjs bindings/js/test/example.ts "$work/app/"
(cd "$work/app" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent "$tarball")
(cd "$work/app" && node package.test.mjs) >"$work/js.txt"

step "the seeded boards against the native library's"
cargo build --release --lib --quiet
cc -std=c99 -Wall -Wextra -pedantic -Werror -Iinclude examples/wasm/native_boards.c \
    -Ltarget/release -lgridgames -Wl,-rpath,"$repo/target/release" -o "$work/native_boards"
"$work/native_boards" >"$work/native.txt"
cmp "$work/native.txt" "$work/js.txt" || fail "the package's boards differ from the native ones"
echo "the seeded boards are byte for byte the native ones"

step "TypeScript: tsc --noEmit on an example against gridgames.d.ts"
tsc=bindings/js/node_modules/.bin/tsc
if [ ! -x "$tsc" ]; then
    missing "TypeScript (npm ci in bindings/js)" "the TypeScript check"
else
    cat >"$work/app/tsconfig.json" <<'JSON'
{
  "compilerOptions": {
    "target": "ES2022",
    "module": "NodeNext",
    "moduleResolution": "NodeNext",
    "lib": ["ES2022", "DOM", "ESNext.Disposable"],
    "strict": true,
    "noEmit": true,
    "skipLibCheck": false
  },
  "files": ["example.ts"]
}
JSON
    (cd "$work/app" && sed -i 's/"type": "commonjs"/"type": "module"/' package.json &&
        "$repo/$tsc" -p tsconfig.json) || fail "tsc found errors"
    echo "tsc: no errors ($("$tsc" --version))"
fi
