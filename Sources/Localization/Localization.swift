import CIntl

/// Drover's translations: glibc's gettext on the `drover` text domain, from any module
/// (GalleryKit's errors and DragKit's refusals are read by users too, so no GTK here).
///
/// Every user-visible literal goes through `tr`, `ntr` or `ctr`. Rules, checked by
/// `scripts/check-translations.sh`:
/// - The text is a literal (`StaticString`: Swift refuses an interpolation in it) with no
///   `\u{…}` escapes (xgettext reads Swift as C): write “ ” and other characters as they are.
/// - Values go in as named placeholders, `{name}`, so a translator can put them in any order:
///   `tr("Added {photos} to {album}.", ["photos": …, "album": …])`.
/// - Every count goes through `ntr`, which fills `{count}` itself: never `count == 1 ? …`.
public enum Localization {
    public static let domain = "drover"

    /// Takes the user's locale from the environment (GTK would too, but only once its
    /// window starts: `--import-only` and `--version` have none) and binds the text domain
    /// to `directory` (holding `LANG/LC_MESSAGES/drover.mo`), with UTF-8 output whatever
    /// the locale's own charset. Call once, before any `tr`.
    public static func start(directory: String) {
        _ = setlocale(LC_ALL, "")
        _ = bindtextdomain(domain, directory)
        _ = bind_textdomain_codeset(domain, "UTF-8")
    }

    /// The catalogue's text for `message`, or `message` itself. gettext returns its own
    /// argument when nothing is translated, so the C string is read before it is freed.
    static func lookUp(_ message: String) -> String {
        message.withCString { id in String(cString: dgettext(domain, id)) }
    }

    /// Replaces each `{name}` in `text` with its value; unknown names stay as they are,
    /// so a translation's typo shows rather than vanishes.
    static func fill(_ text: String, _ values: KeyValuePairs<String, any CustomStringConvertible>) -> String {
        var result = text
        for (name, value) in values {
            result = result.replacing("{\(name)}", with: value.description)
        }
        return result
    }
}

/// The translation of `message`, its `{name}` placeholders filled from `values`.
public func tr(_ message: StaticString,
               _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
    Localization.fill(Localization.lookUp(message.description), values)
}

/// The translation of the form of `singular`/`plural` that `count` takes in the user's language,
/// with `{count}` and the other placeholders filled. The English forms are the msgid.
public func ntr(_ singular: StaticString, _ plural: StaticString, _ count: Int,
                _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
    // gettext returns its own argument when nothing is translated: read it while it lives.
    // ngettext takes an unsigned long; a negative count never happens, but must not trap.
    let translated = singular.description.withCString { one in
        plural.description.withCString { many in
            String(cString: dngettext(Localization.domain, one, many, UInt(max(count, 0))))
        }
    }
    return Localization.fill(Localization.fill(translated, ["count": count]), values)
}

/// The translation of `message` in `context`: for one English word with two meanings
/// (`ctr("date", "Added")`, a details label: „Hinzugefügt am“, not just „Hinzugefügt“). The key is gettext's own
/// `context + "\u{4}" + message` (pgettext is a C macro Swift cannot call); an
/// untranslated message comes back without its context.
public func ctr(_ context: StaticString, _ message: StaticString,
               _ values: KeyValuePairs<String, any CustomStringConvertible> = [:]) -> String {
    let key = "\(context)\u{4}\(message)"
    let translated = Localization.lookUp(key)
    return Localization.fill(translated == key ? message.description : translated, values)
}
