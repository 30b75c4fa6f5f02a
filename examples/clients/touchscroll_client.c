/*
 * A kiosk application's side of touchscroll's control socket, in C with POSIX calls only.
 *
 * It connects to the daemon's Unix socket, subscribes to the delegate event stream, optionally moves the
 * content with setContentOffset, and prints one line per contentOffset change:
 *
 *     scrollViewDidScroll 0.000 321.500 1.000
 *
 * (message, contentOffset x and y, zoomScale). The protocol is JSON Lines (docs/control.md, docs/protocol.md).
 * This example reads the few fields it prints by scanning the line, which works because touchscroll writes
 * each object on one line with fixed key spellings and no white space; an application that needs more fields
 * should use a JSON library (json-c, jansson, cJSON).
 *
 *     cc -O2 -Wall -o touchscroll_client touchscroll_client.c
 *     ./touchscroll_client [--socket PATH] [--set-offset X,Y] [--animated] [--exit-after MESSAGE] [--timeout S]
 *
 * Exit status: 0 done (or --exit-after seen), 1 connection or protocol error, 2 timeout, 64 bad usage.
 */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_SOCKET "/run/touchscroll/control.sock"

struct connection {
    int fd;
    char buffer[1 << 17];   /* a control line is at most 64 KiB; an event line far less */
    size_t used;
    double deadline;        /* CLOCK_MONOTONIC seconds, 0 for none */
};

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Reads one line (without its newline) into `line`. Returns 1, 0 at end of stream, -1 on error, -2 on timeout. */
static int read_line(struct connection *c, char *line, size_t capacity) {
    for (;;) {
        char *newline = memchr(c->buffer, '\n', c->used);
        if (newline) {
            size_t length = (size_t)(newline - c->buffer);
            if (length >= capacity) length = capacity - 1;
            memcpy(line, c->buffer, length);
            line[length] = '\0';
            size_t consumed = (size_t)(newline - c->buffer) + 1;
            memmove(c->buffer, c->buffer + consumed, c->used - consumed);
            c->used -= consumed;
            return 1;
        }
        if (c->used == sizeof c->buffer) return -1;   /* no newline within the limit: not touchscroll */
        int wait_ms = -1;
        if (c->deadline > 0) {
            double left = c->deadline - now_seconds();
            if (left <= 0) return -2;
            wait_ms = (int)(left * 1000) + 1;
        }
        struct pollfd pfd = { .fd = c->fd, .events = POLLIN };
        int ready = poll(&pfd, 1, wait_ms);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) return -1;
        if (ready == 0) return -2;
        ssize_t n = read(c->fd, c->buffer + c->used, sizeof c->buffer - c->used);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        if (n == 0) return 0;
        c->used += (size_t)n;
    }
}

static int send_all(int fd, const char *text) {
    size_t left = strlen(text);
    while (left > 0) {
        ssize_t n = write(fd, text, left);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) return -1;
        text += n;
        left -= (size_t)n;
    }
    return 0;
}

/* Reads the number that follows `key` (its first occurrence in `from`); returns 0 when there is none. */
static int number_after(const char *from, const char *key, double *value) {
    const char *at = strstr(from, key);
    if (!at) return 0;
    char *end;
    *value = strtod(at + strlen(key), &end);
    return end != at + strlen(key);
}

/* Copies the "message" string of an event line into `name`; returns 0 when the line is not an event. */
static int message_name(const char *line, char *name, size_t capacity) {
    const char *at = strstr(line, "\"message\":\"");
    if (!at) return 0;
    at += strlen("\"message\":\"");
    const char *end = strchr(at, '"');
    if (!end || (size_t)(end - at) >= capacity) return 0;
    memcpy(name, at, (size_t)(end - at));
    name[end - at] = '\0';
    return 1;
}

/* Sends a request and waits for its reply ("id" echoed); event lines read meanwhile are printed. */
static int request(struct connection *c, int id, const char *body, const char *exit_after, int *exit_now);

static int handle_event(const char *line, const char *exit_after, int *exit_now) {
    char name[128];
    if (!message_name(line, name, sizeof name)) return 0;
    const char *offset = strstr(line, "\"contentOffset\":{");
    double x, y, zoom = 1;
    if (offset && number_after(offset, "\"x\":", &x) && number_after(offset, "\"y\":", &y)) {
        number_after(line, "\"zoomScale\":", &zoom);
        printf("%s %.3f %.3f %.3f\n", name, x, y, zoom);
        fflush(stdout);
    }
    if (exit_after && strcmp(name, exit_after) == 0) *exit_now = 1;
    return 1;
}

static int request(struct connection *c, int id, const char *body, const char *exit_after, int *exit_now) {
    char text[512], line[1 << 17], expected_id[32];
    snprintf(text, sizeof text, "{\"id\":%d,%s}\n", id, body);
    if (send_all(c->fd, text) < 0) { perror("touchscroll_client: write"); return 1; }
    snprintf(expected_id, sizeof expected_id, "\"id\":%d,", id);
    for (;;) {
        int status = read_line(c, line, sizeof line);
        if (status == -2) { fprintf(stderr, "touchscroll_client: no reply in time\n"); return 2; }
        if (status <= 0) { fprintf(stderr, "touchscroll_client: connection closed\n"); return 1; }
        if (handle_event(line, exit_after, exit_now)) continue;
        if (strstr(line, expected_id) == NULL) continue;
        if (strstr(line, "\"ok\":true") == NULL) {
            fprintf(stderr, "touchscroll_client: request refused: %s\n", line);
            return 1;
        }
        if (strstr(line, "\"state\":{")) {
            const char *offset = strstr(line, "\"contentOffset\":{");
            double x = 0, y = 0, zoom = 1;
            if (offset) { number_after(offset, "\"x\":", &x); number_after(offset, "\"y\":", &y); }
            number_after(line, "\"zoomScale\":", &zoom);
            printf("state %.3f %.3f %.3f\n", x, y, zoom);
            fflush(stdout);
        }
        return 0;
    }
}

static int usage(void) {
    fprintf(stderr, "usage: touchscroll_client [--socket PATH] [--set-offset X,Y] [--animated] "
                    "[--exit-after MESSAGE] [--timeout SECONDS]\n");
    return 64;
}

int main(int argc, char **argv) {
    const char *path = DEFAULT_SOCKET, *set_offset = NULL, *exit_after = NULL;
    int animated = 0;
    double timeout = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--socket") == 0 && i + 1 < argc) path = argv[++i];
        else if (strcmp(argv[i], "--set-offset") == 0 && i + 1 < argc) set_offset = argv[++i];
        else if (strcmp(argv[i], "--animated") == 0) animated = 1;
        else if (strcmp(argv[i], "--exit-after") == 0 && i + 1 < argc) exit_after = argv[++i];
        else if (strcmp(argv[i], "--timeout") == 0 && i + 1 < argc) timeout = atof(argv[++i]);
        else return usage();
    }
    double x = 0, y = 0;
    if (set_offset && sscanf(set_offset, "%lf,%lf", &x, &y) != 2) return usage();

    static struct connection c;
    c.deadline = timeout > 0 ? now_seconds() + timeout : 0;
    c.fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof address.sun_path) { fprintf(stderr, "touchscroll_client: socket path too long\n"); return 64; }
    strcpy(address.sun_path, path);
    if (c.fd < 0 || connect(c.fd, (struct sockaddr *)&address, sizeof address) < 0) {
        fprintf(stderr, "touchscroll_client: %s: %s\n", path, strerror(errno));
        return 1;
    }

    int exit_now = 0, status;
    if ((status = request(&c, 1, "\"command\":\"state\"", exit_after, &exit_now))) return status;
    if ((status = request(&c, 2, "\"command\":\"subscribe\"", exit_after, &exit_now))) return status;
    if (set_offset) {
        char body[256];
        snprintf(body, sizeof body, "\"command\":\"setContentOffset\",\"offset\":{\"x\":%.17g,\"y\":%.17g},\"animated\":%s",
                 x, y, animated ? "true" : "false");
        if ((status = request(&c, 3, body, exit_after, &exit_now))) return status;
    }
    char line[1 << 17];
    while (!exit_now) {
        int result = read_line(&c, line, sizeof line);
        if (result == -2) { fprintf(stderr, "touchscroll_client: no such event in time\n"); return 2; }
        if (result <= 0) { fprintf(stderr, "touchscroll_client: connection closed\n"); return result == 0 ? 0 : 1; }
        handle_event(line, exit_after, &exit_now);
    }
    close(c.fd);
    return 0;
}
