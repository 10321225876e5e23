// The floor for bench_list: the least any `list --user U` must do — list the global and the
// user's tools directories, list each candidate directory, and read its TOOL.md and entry file —
// in plain POSIX calls with no parsing at all. Prints the number of bytes read.
//
//   bench_rawread DATA_PATH EMAIL

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

namespace {

std::vector<std::string> list(const std::string &path, bool dirsOnly)
{
    std::vector<std::string> names;
    if (DIR *d = opendir(path.c_str())) {
        while (dirent *e = readdir(d)) {
            if (e->d_name[0] == '.' && (e->d_name[1] == 0 || (e->d_name[1] == '.' && e->d_name[2] == 0)))
                continue;
            if (!dirsOnly || e->d_type == DT_DIR)
                names.emplace_back(e->d_name);
        }
        closedir(d);
    }
    return names;
}

long long readAll(const std::string &path)
{
    static char buffer[1 << 16];
    const int fd = open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return 0;
    long long total = 0;
    for (ssize_t n; (n = read(fd, buffer, sizeof buffer)) > 0;)
        total += n;
    close(fd);
    return total;
}

long long readLocation(const std::string &path)
{
    long long total = 0;
    for (const std::string &name : list(path, true)) {
        const std::string dir = path + '/' + name;
        bool hasTs = false;
        for (const std::string &f : list(dir, false))
            hasTs = hasTs || f == "index.ts";
        total += readAll(dir + "/TOOL.md") + readAll(dir + (hasTs ? "/index.ts" : "/index.js"));
    }
    return total;
}

} // namespace

int main(int argc, char *argv[])
{
    if (argc != 3) {
        std::fprintf(stderr, "usage: bench_rawread DATA_PATH EMAIL\n");
        return 2;
    }
    const std::string data = argv[1];
    const long long bytes = readLocation(data + "/tools") + readLocation(data + '/' + argv[2] + "/tools");
    std::printf("%lld\n", bytes);
    return 0;
}
