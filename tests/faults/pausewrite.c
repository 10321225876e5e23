/* Preloaded into the real program by tst_faults: the first time the program writes file data
 * into a path under $TW_PAUSE_UNDER (write, sendfile, copy_file_range), it writes half of it,
 * says so on stderr and stops itself (SIGSTOP). The test then kills it: a kill that landed in
 * the middle of a write, every time, instead of one that may have landed anywhere. Reflinks
 * (FICLONE) into such a path are refused, so a copy writes its bytes. */

#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/fs.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <unistd.h>

static int paused; /* only the first matching write pauses */

/* The libc function this one stands in for (ISO C has no cast from void * to a function pointer). */
static void next(void *function, size_t size, const char *name)
{
    void *symbol = dlsym(RTLD_NEXT, name);
    memcpy(function, &symbol, size);
}

/* Whether `fd` is a file under $TW_PAUSE_UNDER (an O_TMPFILE file reads "<dir>/#123 (deleted)"). */
static int matches(int fd)
{
    const char *under = getenv("TW_PAUSE_UNDER");
    if (!under || !*under || fd < 0)
        return 0;
    char link[64], path[4096];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t n = readlink(link, path, sizeof path - 1);
    if (n <= 0)
        return 0;
    path[n] = '\0';
    return strncmp(path, under, strlen(under)) == 0;
}

static void stopHere(const char *call, long long written, long long of, int fd)
{
    char link[64], path[4096] = "?";
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    const ssize_t n = readlink(link, path, sizeof path - 1);
    if (n > 0)
        path[n] = '\0';
    dprintf(2, "tw-pause: %s stopped after %lld of %lld bytes to %s\n", call, written, of, path);
    raise(SIGSTOP);
}

ssize_t write(int fd, const void *buf, size_t count)
{
    static ssize_t (*real)(int, const void *, size_t);
    if (!real)
        next(&real, sizeof real, "write");
    if (paused || count < 2 || !matches(fd))
        return real(fd, buf, count);
    paused = 1;
    const ssize_t half = real(fd, buf, count / 2);
    stopHere("write", (long long)half, (long long)count, fd);
    return half; /* a short write: the caller writes the rest, if it ever runs again */
}

static long long remainingOf(int in)
{
    struct stat st;
    const off_t at = lseek(in, 0, SEEK_CUR);
    return fstat(in, &st) == 0 && at >= 0 ? (long long)(st.st_size - at) : -1;
}

ssize_t sendfile(int out, int in, off_t *offset, size_t count)
{
    static ssize_t (*real)(int, int, off_t *, size_t);
    if (!real)
        next(&real, sizeof real, "sendfile");
    const long long size = offset ? -1 : remainingOf(in);
    if (paused || size < 2 || !matches(out))
        return real(out, in, offset, count);
    paused = 1;
    const ssize_t half = real(out, in, offset, (size_t)(size / 2));
    stopHere("sendfile", (long long)half, size, out);
    return half;
}

ssize_t sendfile64(int out, int in, off_t *offset, size_t count)
{
    return sendfile(out, in, offset, count);
}

ssize_t copy_file_range(int in, off_t *inOffset, int out, off_t *outOffset, size_t count, unsigned int flags)
{
    static ssize_t (*real)(int, off_t *, int, off_t *, size_t, unsigned int);
    if (!real)
        next(&real, sizeof real, "copy_file_range");
    const long long size = inOffset ? -1 : remainingOf(in);
    if (paused || size < 2 || !matches(out))
        return real(in, inOffset, out, outOffset, count, flags);
    paused = 1;
    const ssize_t half = real(in, inOffset, out, outOffset, (size_t)(size / 2), flags);
    stopHere("copy_file_range", (long long)half, size, out);
    return half;
}

int ioctl(int fd, unsigned long request, ...)
{
    static int (*real)(int, unsigned long, ...);
    if (!real)
        next(&real, sizeof real, "ioctl");
    va_list ap;
    va_start(ap, request);
    void *arg = va_arg(ap, void *);
    va_end(ap);
    if ((request == FICLONE || request == FICLONERANGE) && !paused && matches(fd)) {
        errno = EOPNOTSUPP;
        return -1;
    }
    return real(fd, request, arg);
}
