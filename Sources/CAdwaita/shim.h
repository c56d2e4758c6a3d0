// libadwaita 1.2 (Debian 12) for Swift: GNOME's application, window, header bar, toasts,
// status pages, About window, message dialogs and style manager. Anything newer than 1.2
// (AdwNavigationSplitView, AdwToolbarView, AdwBreakpoint, AdwDialog) is guarded by
// ADW_CHECK_VERSION, as GTK's newer calls are in CGtk.
// GTK through CGtk's own header first: Clang then imports the CGtk module here instead of
// reading GTK's headers into this one. Otherwise GTK's declarations can belong to whichever
// module loads first, and a release (whole-module) build of a file that imports only CGtk
// could not see them ("cannot find 'GTK_ORIENTATION_HORIZONTAL' in scope").
#include "../CGtk/shim.h"
#include <adwaita.h>

// adw_message_dialog_new takes a printf format for its body; this sets plain text.
static inline GtkWidget *drover_message_dialog_new(GtkWindow *parent, const char *heading, const char *body) {
    GtkWidget *dialog = adw_message_dialog_new(parent, heading, NULL);
    adw_message_dialog_set_body(ADW_MESSAGE_DIALOG(dialog), body);
    return dialog;
}

static inline gboolean drover_is_button(gpointer instance) { return GTK_IS_BUTTON(instance); }

// An AdwFlap that is always folded: its flap slides over the content as a drawer (the
// narrow window's sidebar). In C, because Swift 6.3's release build may not find the
// ADW_FLAP_FOLD_POLICY_* constants (as with GDK_ACTION_*).
static inline GtkWidget *drover_drawer_flap_new(void) {
    GtkWidget *flap = adw_flap_new();
    adw_flap_set_fold_policy(ADW_FLAP(flap), ADW_FLAP_FOLD_POLICY_ALWAYS);
    adw_flap_set_reveal_flap(ADW_FLAP(flap), FALSE);
    return flap;
}
