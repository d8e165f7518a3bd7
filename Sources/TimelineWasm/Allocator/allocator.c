// The whole C runtime of Web/timeline.wasm: the module imports nothing, so there is no libc,
// and Embedded Swift's object file only needs the handful of symbols defined here.
// Built by scripts/build-wasm.sh with `clang --target=wasm32 -nostdlib -mbulk-memory -Os`.

#ifndef __wasm_bulk_memory__
#error "build with -mbulk-memory: memcpy, memmove and memset lower to memory.copy / memory.fill"
#endif

typedef __SIZE_TYPE__ size_t;
typedef __UINT32_TYPE__ u32;
typedef __UINTPTR_TYPE__ uptr;
typedef unsigned char u8;

extern u8 __heap_base; // the linker puts it after the data segment and the stack

// Blocks tile the heap. A block starts 8 bytes before a multiple of 16, so every payload is
// 16-aligned (Embedded Swift asks for 16), and sizes (header included) are multiples of 16.
// Each block knows its neighbours' sizes, so free() merges adjacent free blocks: the engine's
// big arrays come and go in random sizes, and without merging the heap shreds.
typedef struct Block {
    u32 prev_size;            // size of the block just below; 0 for the first block
    u32 size;                 // bytes, header included; bit 0 set while the block is free
    struct Block *next, *prev; // the free list of its bin, only while free
} Block;

enum { HEADER = 8, MIN_BLOCK = 16, BINS = 112, GROW_PAGES = 16 };

static Block *bins[BINS];    // free blocks by size: four bins per power of two
static u8 *heap_top, *heap_end; // [heap_top, heap_end) has never been handed out
static u32 top_prev_size;       // size of the block ending at heap_top

#define SIZE(b) ((b)->size & ~1u)
#define IS_FREE(b) ((b)->size & 1u)
#define AFTER(b) ((Block *)((u8 *)(b) + SIZE(b)))

static int bin(u32 size) {
    int k = 31 - __builtin_clz(size); // size >= 16, so k >= 4
    return (k - 4) * 4 + ((size >> (k - 2)) & 3);
}

static void unlink_free(Block *b) {
    if (b->prev) b->prev->next = b->next;
    else bins[bin(SIZE(b))] = b->next;
    if (b->next) b->next->prev = b->prev;
}

// Marks b free, merges it with free neighbours, and files it (or gives it back to the top).
static void release(Block *b) {
    u32 size = SIZE(b);
    Block *next = AFTER(b);
    if ((u8 *)next != heap_top && IS_FREE(next)) unlink_free(next), size += SIZE(next);
    if (b->prev_size) {
        Block *below = (Block *)((u8 *)b - b->prev_size);
        if (IS_FREE(below)) unlink_free(below), size += SIZE(below), b = below;
    }
    if ((u8 *)b + size == heap_top) { heap_top = (u8 *)b, top_prev_size = b->prev_size; return; }
    b->size = size | 1;
    AFTER(b)->prev_size = size;
    Block **head = &bins[bin(size)];
    b->prev = 0, b->next = *head;
    if (*head) (*head)->prev = b;
    *head = b;
}

// Cuts b down to size; the rest becomes a free block of its own.
static void trim(Block *b, u32 size) {
    u32 rest = SIZE(b) - size;
    if (rest < MIN_BLOCK) return;
    b->size = size;
    Block *tail = AFTER(b);
    tail->prev_size = size, tail->size = rest;
    if ((u8 *)tail + rest == heap_top) top_prev_size = rest;
    else AFTER(tail)->prev_size = rest;
    release(tail);
}

static Block *carve(u32 size) {
    if (!heap_top) {
        heap_top = (u8 *)((((uptr)&__heap_base + 7) & ~(uptr)15) + 8);
        heap_end = (u8 *)(__builtin_wasm_memory_size(0) * 65536);
    }
    if (size > (uptr)(heap_end - heap_top)) {
        uptr pages = (size - (uptr)(heap_end - heap_top) + 65535) / 65536;
        if (pages < GROW_PAGES) pages = GROW_PAGES; // fewer grows: each one detaches JS views
        if (__builtin_wasm_memory_grow(0, pages) == (uptr)-1) return 0;
        heap_end += pages * 65536;
    }
    Block *b = (Block *)heap_top;
    b->prev_size = top_prev_size, b->size = size;
    heap_top += size, top_prev_size = size;
    return b;
}

void *malloc(size_t n) {
    if (n > 0x7fff0000u) return 0;
    u32 size = ((u32)n + HEADER + 15) & ~15u;
    Block *b = 0;
    int i = bin(size);
    for (Block *f = bins[i]; f && !b; f = f->next) // first fit in its own bin...
        if (SIZE(f) >= size) b = f;
    while (!b && ++i < BINS) b = bins[i]; // ...or any block of a bigger bin
    if (b) {
        unlink_free(b);
        b->size = SIZE(b);
        trim(b, size);
    } else if (!(b = carve(size))) {
        return 0;
    }
    return (u8 *)b + HEADER;
}

void free(void *p) {
    if (p) release((Block *)((u8 *)p - HEADER));
}

int posix_memalign(void **out, size_t align, size_t n) {
    if (align & (align - 1) || align < sizeof(void *)) return 22; // EINVAL
    if (align <= 16) return (*out = malloc(n)) ? 0 : 12;           // ENOMEM
    if (n > 0x7fff0000u - align) return 12;
    u8 *p = malloc(n + align);
    if (!p) return 12;
    u8 *q = (u8 *)(((uptr)p + align - 1) & ~(uptr)(align - 1));
    if (q != p) { // split off the bytes in front of q as a free block (at least 16 of them)
        Block *front = (Block *)(p - HEADER), *b = (Block *)(q - HEADER);
        u32 gap = (u32)(q - p);
        b->prev_size = gap, b->size = SIZE(front) - gap;
        if ((u8 *)b + b->size == heap_top) top_prev_size = b->size;
        else AFTER(b)->prev_size = b->size;
        front->size = gap;
        release(front);
    }
    *out = q;
    return 0;
}

void *memcpy(void *dst, const void *src, size_t n) { return __builtin_memcpy(dst, src, n); }
void *memmove(void *dst, const void *src, size_t n) { return __builtin_memmove(dst, src, n); }
void *memset(void *dst, int c, size_t n) { return __builtin_memset(dst, c, n); }

void *calloc(size_t count, size_t size) {
    size_t n;
    if (__builtin_mul_overflow(count, size, &n)) return 0;
    void *p = malloc(n);
    return p ? memset(p, 0, n) : 0; // reused blocks are dirty
}

void *realloc(void *p, size_t n) {
    if (!p) return malloc(n);
    size_t usable = SIZE((Block *)((u8 *)p - HEADER)) - HEADER;
    if (n <= usable) return p;
    void *q = malloc(n);
    if (q) memcpy(q, p, usable), free(p);
    return q;
}

int memcmp(const void *a, const void *b, size_t n) {
    const u8 *x = a, *y = b;
    for (; n; n--, x++, y++)
        if (*x != *y) return *x - *y;
    return 0;
}

size_t strlen(const char *s) {
    const char *e = s;
    while (*e) e++;
    return (size_t)(e - s);
}

// Dictionary and Set seed their hashing from this. Without imports there is no entropy, and a
// fixed seed keeps the engine deterministic, which the tests like.
void arc4random_buf(void *buf, size_t n) {
    static u32 state = 0x9e3779b9u;
    for (u8 *p = buf; n; n--) {
        state ^= state << 13, state ^= state >> 17, state ^= state << 5;
        *p++ = (u8)state;
    }
}

// print() ends here: there is nowhere to write to.
int putchar(int c) { return c; }

// Double.rounded() (to nearest, ties away from zero) has no wasm instruction. x - trunc(x) is exact.
double round(double x) {
    double t = __builtin_trunc(x);
    return __builtin_fabs(x - t) >= 0.5 ? t + __builtin_copysign(1.0, x) : t;
}
float roundf(float x) {
    float t = __builtin_truncf(x);
    return __builtin_fabsf(x - t) >= 0.5f ? t + __builtin_copysignf(1.0f, x) : t;
}
