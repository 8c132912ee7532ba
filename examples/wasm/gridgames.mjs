// Loads libgridgames built for wasm32-unknown-unknown into Node (or a browser) and gives JavaScript
// the two things a C caller has for free: memory for buffers, and C strings.
//
//   cargo build --release --lib --target wasm32-unknown-unknown
//   # -> target/wasm32-unknown-unknown/release/gridgames.wasm (no imports needed)
//
//   import { load } from './gridgames.mjs';
//   const gg = await load('target/wasm32-unknown-unknown/release/gridgames.wasm');
//   const board = gg.scratch.bytes('EEEEEEEMEEEEEEEEEEEE');       // copied into wasm memory
//   gg.check(gg.x.gg_mines_click(board, 4, 5, 3, 0));            // every gg_* is on gg.x
//   gg.string(board, 20);                                        // 'B1E1BB1M1BB111BBBBBB'
//   gg.scratch.reset();                                          // reuse the scratch space
//
// Pointers and size_t are 32-bit numbers; uint64_t fields (the seed) are BigInt. A struct is laid
// out as in C: each field at a multiple of its size (see mines_config below).
//
// Scratch memory: pages that JavaScript grows with memory.grow() lie beyond the library's own
// heap (its allocator only uses pages it grew itself), so they are safe for buffers. `Scratch`
// grows them once, as needed, and hands out aligned pieces until reset(). Growing detaches old
// views of memory.buffer: take a fresh view (gg.u8(), gg.view()) after any call.
//
// Panics: on wasm32-unknown-unknown a panic cannot be caught, so an internal error (a bug) traps
// with a RuntimeError instead of returning GG_ERR_INTERNAL. Statuses are otherwise as in C.

import { readFileSync } from 'node:fs';

const PAGE = 65536;

export class Scratch {
  constructor(memory) {
    this.memory = memory;
    this.base = 0;
    this.size = 0;
    this.used = 0;
  }

  /** `n` bytes aligned to `align`, zero-filled: a pointer into wasm memory. */
  alloc(n, align = 8) {
    let at = Math.ceil(this.used / align) * align;
    if (this.base === 0 || at + n > this.size) {
      // A new region, big enough for this and more; the old one is simply left behind.
      const pages = Math.ceil(Math.max(n + align, 4 * PAGE) / PAGE);
      this.base = this.memory.grow(pages) * PAGE;
      this.size = pages * PAGE;
      at = 0;
    }
    this.used = at + n;
    const ptr = this.base + at;
    new Uint8Array(this.memory.buffer, ptr, n).fill(0);
    return ptr;
  }

  /** A copy of `text` (ASCII, no terminator) or of a byte array. */
  bytes(text) {
    const src = typeof text === 'string' ? new TextEncoder().encode(text) : text;
    const ptr = this.alloc(Math.max(src.length, 1), 1);
    new Uint8Array(this.memory.buffer, ptr, src.length).set(src);
    return ptr;
  }

  /** A copy of an array of int32. */
  int32s(values) {
    const ptr = this.alloc(Math.max(values.length, 1) * 4, 4);
    new Int32Array(this.memory.buffer, ptr, values.length).set(values);
    return ptr;
  }

  /** Forgets every piece handed out; the pages are reused. */
  reset() {
    this.used = 0;
  }
}

export class Gridgames {
  constructor(exports) {
    this.x = exports;
    this.scratch = new Scratch(exports.memory);
  }

  u8() {
    return new Uint8Array(this.x.memory.buffer);
  }

  view() {
    return new DataView(this.x.memory.buffer);
  }

  /** `len` bytes at `ptr` as a string, or up to the first NUL when `len` is omitted. */
  string(ptr, len) {
    const mem = this.u8();
    let end = ptr + (len ?? 0);
    if (len === undefined) while (mem[end] !== 0) end++;
    return new TextDecoder().decode(mem.subarray(ptr, end));
  }

  /** This thread's last error message (gg_last_error_message). */
  lastError() {
    const buf = this.scratch.alloc(512, 1);
    this.x.gg_last_error_message(buf, 512);
    return this.string(buf);
  }

  /** Throws an Error naming the status and the library's detail unless `status` is GG_OK. */
  check(status) {
    if (status !== 0) {
      const what = this.string(this.x.gg_status_str(status));
      throw new Error(`gridgames: ${what} (${status}): ${this.lastError()}`);
    }
    return status;
  }

  /** A gg_mines_config in scratch memory (rows, cols, mines, seed, first_click, no_guess). */
  minesConfig({ rows, cols, mines, seed, firstClick, noGuess = 0 }) {
    const ptr = this.scratch.alloc(32, 8);
    const v = this.view();
    v.setUint32(ptr, rows, true);
    v.setUint32(ptr + 4, cols, true);
    v.setUint32(ptr + 8, mines, true);
    v.setBigUint64(ptr + 16, BigInt(seed), true); // uint64_t: aligned to 8, after 4 bytes of padding
    v.setUint32(ptr + 24, firstClick, true);
    v.setUint32(ptr + 28, noGuess, true);
    return ptr;
  }
}

/** Instantiates the module at `path` (it needs no imports). */
export async function load(path) {
  const { instance } = await WebAssembly.instantiate(readFileSync(path), {});
  return new Gridgames(instance.exports);
}
