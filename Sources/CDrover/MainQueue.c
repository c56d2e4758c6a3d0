// The bridge between libdispatch's main queue and GLib's main loop.
//
// Swift's main actor enqueues work on DispatchQueue.main, which normally runs
// only under dispatchMain() or a CFRunLoop. GTK runs its own loop, so without
// this source `Task { @MainActor in ... }` would never run. libdispatch signals
// pending main-queue work through an eventfd; we watch it, drain it (it is
// non-blocking, and an undrained eventfd would make the loop spin), and let
// libdispatch run the queued blocks on this, the main, thread.
#include "CDrover.h"
#include <glib-unix.h>
#include <unistd.h>
#include <stdint.h>

extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

static guint attached_source_id = 0;

static gboolean drain_main_queue(gint fd, GIOCondition condition, gpointer user_data) {
    (void)condition; (void)user_data;
    uint64_t count;
    while (read(fd, &count, sizeof count) == sizeof count) {}
    _dispatch_main_queue_callback_4CF(NULL);
    return G_SOURCE_CONTINUE;
}

guint drover_main_queue_attach(void) {
    if (attached_source_id != 0) return attached_source_id;
    int fd = _dispatch_get_main_queue_handle_4CF();
    attached_source_id = g_unix_fd_add_full(G_PRIORITY_DEFAULT, fd, G_IO_IN, drain_main_queue, NULL, NULL);
    // Work queued before the source existed has already signalled the fd, so
    // it is picked up on the first iteration; nothing else to do here.
    return attached_source_id;
}
