// A preload library for the date sweep (scripts/test-dates.sh): it moves the wall clock, and nothing
// else, by FRONTDESK_FAKECLOCK_OFFSET seconds, in every process that loads it.
//
// Debian's libfaketime also rewrites timers and sleeps; with it, a Swift `Task.sleep` never wakes and
// Python's `time.sleep` fails. Here the monotonic clocks, timers and sleeps stay real: only the answers
// to "what time is it" (CLOCK_REALTIME, gettimeofday, time) are moved, which is all a "today" reads.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <sys/time.h>
#include <time.h>

static long long offset_seconds(void) {
    static long long offset = 0;
    static int read = 0;
    if (!read) {
        const char *text = getenv("FRONTDESK_FAKECLOCK_OFFSET");
        offset = text ? strtoll(text, NULL, 10) : 0;
        read = 1;
    }
    return offset;
}

static int is_wall_clock(clockid_t clock) {
    return clock == CLOCK_REALTIME || clock == CLOCK_REALTIME_COARSE;
}

int clock_gettime(clockid_t clock, struct timespec *now) {
    static int (*real)(clockid_t, struct timespec *) = NULL;
    if (!real) real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
    int status = real(clock, now);
    if (status == 0 && now && is_wall_clock(clock)) now->tv_sec += offset_seconds();
    return status;
}

int gettimeofday(struct timeval *restrict now, void *restrict zone) {
    static int (*real)(struct timeval *restrict, void *restrict) = NULL;
    if (!real) real = (int (*)(struct timeval *restrict, void *restrict))dlsym(RTLD_NEXT, "gettimeofday");
    int status = real(now, zone);
    if (status == 0 && now) now->tv_sec += offset_seconds();
    return status;
}

time_t time(time_t *now) {
    struct timespec spec;
    clock_gettime(CLOCK_REALTIME, &spec);
    if (now) *now = spec.tv_sec;
    return spec.tv_sec;
}

int timespec_get(struct timespec *now, int base) {
    if (base != TIME_UTC || clock_gettime(CLOCK_REALTIME, now) != 0) return 0;
    return base;
}
