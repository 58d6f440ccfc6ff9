;; How many bits two sets share: the count of (a AND b) over `bytes` bytes from byte
;; offsets a and b of this module's memory, 64 bits at a time. WebAssembly has a popcount
;; instruction; JavaScript counts a word's bits with a dozen arithmetic steps, six to
;; seven times slower over the 40 filter items a search counts (server README, "Counts").
;; Four words a turn into two sums, then the last words one at a time: the loop's own
;; steps were as many as its counting ones (46 sets of 12.5 KB, the counts of a fresh
;; answer at 100k partners: 32 µs against 39 a word a turn; i8x16.popcnt, WebAssembly's
;; SIMD popcount, took 42 on this machine's x64: bench/README.md, first-ask10).
;; `bytes` is a multiple of 8 and both offsets are 8-aligned.
;; Compiled into andCountModule.ts by `npm run wasm -w @partners-network/server`.
(module
  (memory (export "memory") 1)
  (func (export "andCount") (param $a i32) (param $b i32) (param $bytes i32) (result i32)
    (local $end i32)
    (local $end4 i32)
    (local $total i64)
    (local $other i64)
    (local.set $end (i32.add (local.get $a) (local.get $bytes)))
    (local.set $end4 (i32.add (local.get $a) (i32.and (local.get $bytes) (i32.const -32))))
    (block $done4
      (loop $next4
        (br_if $done4 (i32.ge_u (local.get $a) (local.get $end4)))
        (local.set $total
          (i64.add
            (local.get $total)
            (i64.popcnt (i64.and (i64.load (local.get $a)) (i64.load (local.get $b))))))
        (local.set $other
          (i64.add
            (local.get $other)
            (i64.popcnt
              (i64.and (i64.load offset=8 (local.get $a)) (i64.load offset=8 (local.get $b))))))
        (local.set $total
          (i64.add
            (local.get $total)
            (i64.popcnt
              (i64.and (i64.load offset=16 (local.get $a)) (i64.load offset=16 (local.get $b))))))
        (local.set $other
          (i64.add
            (local.get $other)
            (i64.popcnt
              (i64.and (i64.load offset=24 (local.get $a)) (i64.load offset=24 (local.get $b))))))
        (local.set $a (i32.add (local.get $a) (i32.const 32)))
        (local.set $b (i32.add (local.get $b) (i32.const 32)))
        (br $next4)))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $a) (local.get $end)))
        (local.set $total
          (i64.add
            (local.get $total)
            (i64.popcnt (i64.and (i64.load (local.get $a)) (i64.load (local.get $b))))))
        (local.set $a (i32.add (local.get $a) (i32.const 8)))
        (local.set $b (i32.add (local.get $b) (i32.const 8)))
        (br $next)))
    (i32.wrap_i64 (i64.add (local.get $total) (local.get $other)))))
