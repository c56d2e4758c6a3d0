// libjpeg-turbo, called directly by the decode child for every JPEG (DecoderKit's JPEGDecoder):
// gdk-pixbuf's JPEG loader drops libjpeg's warnings, so a JPEG cut short or with damaged scan
// data came out with invented grey pixels and no error, and its incremental reader cannot
// decode arithmetic-coded JPEGs ("Suspension not allowed here"). Here the source reads the
// descriptor the child was given (it opens no path: the seccomp filter forbids open), never
// suspends, and the error manager never exits the process: an error, or a warning that means
// the decoder made pixels up, jumps back (longjmp) to the C function below that called
// libjpeg, which Swift cannot do. Swift only sees the functions' results.
#include <stdio.h>  // jpeglib.h needs FILE and size_t before it
#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <jpeglib.h>
#include <jerror.h>

// How a decode ended (`struct drover_jpeg`'s `failure`).
enum {
    DROVER_JPEG_OK = 0,
    // libjpeg refused the data (an error, not a warning): `message` says why.
    DROVER_JPEG_FAILED_DECODE = 1,
    // read() on the descriptor failed: `read_errno`.
    DROVER_JPEG_FAILED_READ = 2,
    // libjpeg could not get memory (under the child's RLIMIT_AS).
    DROVER_JPEG_FAILED_MEMORY = 3,
    // A warning that means pixels were made up (`damage` says which kind, `message` libjpeg's words).
    DROVER_JPEG_FAILED_DAMAGED = 4,
};

// The kinds of damage (`damage`), as the decode child reports them.
enum {
    DROVER_JPEG_INTACT = 0,
    // The data stops before the picture does (the file is cut; an end marker may follow the cut).
    DROVER_JPEG_ENDS_EARLY = 1,
    // The entropy-coded data does not decode as the format says (overwritten or scrambled bytes).
    DROVER_JPEG_CORRUPT = 2,
};

// How the rows of a decode on two threads were decoded (`struct drover_jpeg`'s `rows_from`).
enum {
    // By this decoder alone.
    DROVER_JPEG_ONE_DECODER = 0,
    // The top rows by a second decoder, while this one skipped them.
    DROVER_JPEG_SKIPPED = 1,
    // The rows below an entry point by a second decoder starting there (entry_point.h).
    DROVER_JPEG_FROM_ENTRY = 2,
};

struct drover_jpeg_error {
    struct jpeg_error_mgr pub;  // first: libjpeg's `err` points at it
    jmp_buf jump;
};

struct drover_jpeg_source {
    struct jpeg_source_mgr pub;  // first: libjpeg's `src` points at it
    int descriptor;
    // Bytes the caller read already (to tell a JPEG from other images), handed over first.
    const unsigned char *prefix;
    size_t prefix_length;  // what is left of it to hand over
    size_t prefix_given;   // all of it (the file's first bytes: an entry point's scan may start in it)
    // 4 KB, as libjpeg's own file source (jdatasrc.c, INPUT_BUF_SIZE) and so djpeg read: how
    // much the buffer holds decides when libjpeg-turbo takes its fast Huffman path, which
    // does not check codes, so with larger reads some invalid codes djpeg reports passed
    // unseen (3 of 103 files djpeg called corrupt, in a trial of 200 random overwrites of a
    // noisy photo's scan; with 4 KB reads, 103 of 103 refused and no false alarm). The
    // cost, measured: about 2.5% more CPU for a 12-megapixel thumbnail (the extra reads),
    // which `mapped` takes back.
    unsigned char buffer[4096];
    // The descriptor's file mapped read-only, when it is a regular file that maps: libjpeg is
    // then handed the same 4 KB pieces from the mapping (from `mapped_position`, where read()
    // would have gone on), so it decodes exactly as from read(), without the ~900 read calls
    // and copies of a 3.5 MB photo: an import of 40 camera-like 12-megapixel JPEGs took about
    // 30 ms less CPU (docs/benchmarks.md, thirteenth pass), the 2.5% above taken back.
    // NULL otherwise, and the source reads. A file cut short while it is mapped ends the
    // child with SIGBUS, which its server reports as a crash (a decoder failure), not a hang:
    // the files decoded are the library's own copies, and the one case where something else
    // changed one (the file check decoding a copy whose stamp changed) leaves a failed decode
    // for the next open.
    const unsigned char *mapped;
    size_t mapped_length;
    size_t mapped_position;
    // Whether `mapped` is another decoder's mapping (a split decode's second decoder, below),
    // which that decoder unmaps.
    int mapping_borrowed;
};

struct drover_jpeg {
    struct jpeg_decompress_struct info;  // first: a j_common_ptr is a pointer to this struct
    struct drover_jpeg_error error;
    struct drover_jpeg_source source;
    int failure;
    int damage;
    int read_errno;
    // EXIF orientation 1-8 from APP1, or 0 when there is none (gdk-pixbuf's JPEG loader reads it the same way).
    int orientation;
    int rows_from;  // DROVER_JPEG_ONE_DECODER, _SKIPPED or _FROM_ENTRY
    char message[JMSG_LENGTH_MAX];
};

// The damage policy. libjpeg goes on after these warnings with pixels it made up (zeros,
// which show as grey, for every block after the point where the data went wrong), so the
// image is refused instead of imported as if whole:
// - JWRN_JPEG_EOF: the file ended (our source then inserts an end marker, as libjpeg's do);
// - JWRN_HIT_MARKER: a marker where scan data should be; when it is the end marker FF D9,
//   the data ends early (a cut file with FF D9 appended, which passes a check for the end
//   marker), any other marker means the data is corrupt;
// - JWRN_HUFF_BAD_CODE, JWRN_ARITH_BAD_CODE: entropy-coded data that decodes to nothing valid;
// - JWRN_MUST_RESYNC: a restart marker missing or out of order (data lost between them).
// Every other warning leaves no pixel made up, so it is ignored: real camera and editor files
// carry them. JWRN_BOGUS_PROGRESSION (a progressive scan repeated or out of order: libjpeg
// applies its data all the same; a file repeating one scan thousands of times is stopped by
// the CPU budget, as before), JWRN_EXTRANEOUS_DATA before the first scan ("extraneous bytes
// before marker": padding between segments, common from cameras), JWRN_ADOBE_XFORM (an unknown
// Adobe transform code, read as the usual one), JWRN_JFIF_MAJOR, JWRN_BOGUS_ICC (a broken ICC
// profile, which Drover does not use), JWRN_NOT_SEQUENTIAL (libjpeg's own comment: baseline
// files exist with all zeroes in those SOS bytes, and it decodes them right).
static inline int drover_jpeg_damage_of(j_common_ptr info) {
    switch (info->err->msg_code) {
    case JWRN_JPEG_EOF:
        return DROVER_JPEG_ENDS_EARLY;
    case JWRN_HIT_MARKER:
        return ((j_decompress_ptr)info)->unread_marker == JPEG_EOI ? DROVER_JPEG_ENDS_EARLY : DROVER_JPEG_CORRUPT;
    case JWRN_HUFF_BAD_CODE:
    case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC:
        return DROVER_JPEG_CORRUPT;
    case JWRN_EXTRANEOUS_DATA:
        // Before the first scan, padding between the header's segments: harmless. Once a
        // scan has begun, bytes the entropy decoder left unread before the next marker (most
        // often the end marker): the scan's data went wrong and decoding stopped early, the
        // commonest sign of garbage over scan data (djpeg: "N extraneous bytes before marker
        // 0xd9"; 45 of 54 files djpeg called corrupt in an 80-file trial of random bytes
        // written over the scan, where no other warning came).
        return ((j_decompress_ptr)info)->input_scan_number > 0 ? DROVER_JPEG_CORRUPT : DROVER_JPEG_INTACT;
    default:
        return DROVER_JPEG_INTACT;
    }
}

// error_exit: libjpeg's own exits the process. This one keeps the message and jumps back.
static inline void drover_jpeg_error_exit(j_common_ptr info) {
    struct drover_jpeg *jpeg = (struct drover_jpeg *)info;
    (*info->err->format_message)(info, jpeg->message);
    if (info->err->msg_code == JERR_OUT_OF_MEMORY) jpeg->failure = DROVER_JPEG_FAILED_MEMORY;
    else if (jpeg->read_errno != 0) jpeg->failure = DROVER_JPEG_FAILED_READ;
    else jpeg->failure = DROVER_JPEG_FAILED_DECODE;
    longjmp(jpeg->error.jump, 1);
}

// emit_message: trace messages (level 0 and up) say nothing about the data; a warning
// (level -1) that means invented pixels ends the decode (the policy above), others are counted.
static inline void drover_jpeg_emit_message(j_common_ptr info, int level) {
    if (level >= 0) return;
    struct drover_jpeg *jpeg = (struct drover_jpeg *)info;
    int damage = drover_jpeg_damage_of(info);
    info->err->num_warnings++;
    if (damage == DROVER_JPEG_INTACT) return;
    (*info->err->format_message)(info, jpeg->message);
    jpeg->damage = damage;
    jpeg->failure = DROVER_JPEG_FAILED_DAMAGED;
    longjmp(jpeg->error.jump, 1);
}

// Nothing goes to standard error: what matters is in `message`.
static inline void drover_jpeg_output_message(j_common_ptr info) { (void)info; }

static inline void drover_jpeg_init_source(j_decompress_ptr info) { (void)info; }
static inline void drover_jpeg_term_source(j_decompress_ptr info) { (void)info; }

// Blocking reads: the source never suspends, so every JPEG libjpeg decodes (arithmetic-coded,
// progressive) decodes here. At the end of the file, libjpeg's own sources' way: a warning
// (JWRN_JPEG_EOF, which the policy refuses) and an inserted end marker.
static inline boolean drover_jpeg_fill_input(j_decompress_ptr info) {
    struct drover_jpeg *jpeg = (struct drover_jpeg *)info;
    struct drover_jpeg_source *source = &jpeg->source;
    if (source->prefix_length > 0) {
        source->pub.next_input_byte = source->prefix;
        source->pub.bytes_in_buffer = source->prefix_length;
        source->prefix_length = 0;
        return TRUE;
    }
    ssize_t count;
    if (source->mapped != NULL) {
        size_t left = source->mapped_length - source->mapped_position;
        if (left > 0) {
            size_t piece = left < sizeof source->buffer ? left : sizeof source->buffer;
            source->pub.next_input_byte = source->mapped + source->mapped_position;
            source->pub.bytes_in_buffer = piece;
            source->mapped_position += piece;
            return TRUE;
        }
        count = 0;
    } else {
        do {
            count = read(source->descriptor, source->buffer, sizeof source->buffer);
        } while (count < 0 && errno == EINTR);
    }
    if (count < 0) {
        jpeg->read_errno = errno;
        ERREXIT(info, JERR_FILE_READ);
    }
    if (count == 0) {
        WARNMS(info, JWRN_JPEG_EOF);
        source->buffer[0] = 0xFF;
        source->buffer[1] = JPEG_EOI;
        count = 2;
    }
    source->pub.next_input_byte = source->buffer;
    source->pub.bytes_in_buffer = (size_t)count;
    return TRUE;
}

static inline void drover_jpeg_skip_input(j_decompress_ptr info, long count) {
    struct jpeg_source_mgr *source = info->src;
    if (count <= 0) return;
    while (count > (long)source->bytes_in_buffer) {
        count -= (long)source->bytes_in_buffer;
        (void)(*source->fill_input_buffer)(info);
    }
    source->next_input_byte += count;
    source->bytes_in_buffer -= (size_t)count;
}

// The largest file mapped: a camera's JPEG is a few tens of MB at most. A larger one (the import
// takes files up to 1 GB) is read, so that a mapping never takes the address space under the
// child's RLIMIT_AS that the decode of a huge image needs.
#define DROVER_JPEG_MAP_MAX ((off_t)64 << 20)

// Maps the source's descriptor if it is a regular file of at most DROVER_JPEG_MAP_MAX bytes with
// bytes left after its offset, and leaves `mapped` NULL (so the source reads) when it is not or
// does not map. MAP_POPULATE: the file's pages, in the page cache after the copy that was just
// written, are mapped at once instead of a fault at a time.
static inline void drover_jpeg_map(struct drover_jpeg_source *source) {
    struct stat info;
    if (fstat(source->descriptor, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size <= 0
        || info.st_size > DROVER_JPEG_MAP_MAX) return;
    off_t position = lseek(source->descriptor, 0, SEEK_CUR);
    if (position < 0 || position >= info.st_size) return;
    void *mapped = mmap(NULL, (size_t)info.st_size, PROT_READ, MAP_PRIVATE | MAP_POPULATE, source->descriptor, 0);
    if (mapped == MAP_FAILED) return;
    source->mapped = mapped;
    source->mapped_length = (size_t)info.st_size;
    source->mapped_position = (size_t)position;
}

// A decoder reading `descriptor` (not closed here) after the `prefix_length` bytes at
// `prefix`, which the caller read from it first and keeps alive until drover_jpeg_free.
// NULL when there is no memory for it.
static inline struct drover_jpeg *drover_jpeg_new(int descriptor, const unsigned char *prefix, size_t prefix_length) {
    struct drover_jpeg *jpeg = calloc(1, sizeof *jpeg);
    if (jpeg == NULL) return NULL;
    jpeg->info.err = jpeg_std_error(&jpeg->error.pub);
    jpeg->error.pub.error_exit = drover_jpeg_error_exit;
    jpeg->error.pub.emit_message = drover_jpeg_emit_message;
    jpeg->error.pub.output_message = drover_jpeg_output_message;
    if (setjmp(jpeg->error.jump)) {
        free(jpeg);
        return NULL;
    }
    jpeg_create_decompress(&jpeg->info);
    jpeg->source.descriptor = descriptor;
    jpeg->source.prefix = prefix;
    jpeg->source.prefix_length = prefix_length;
    jpeg->source.prefix_given = prefix_length;
    jpeg->source.pub.init_source = drover_jpeg_init_source;
    jpeg->source.pub.fill_input_buffer = drover_jpeg_fill_input;
    jpeg->source.pub.skip_input_data = drover_jpeg_skip_input;
    jpeg->source.pub.resync_to_restart = jpeg_resync_to_restart;
    jpeg->source.pub.term_source = drover_jpeg_term_source;
    jpeg->info.src = &jpeg->source.pub;
    drover_jpeg_map(&jpeg->source);
    return jpeg;
}

static inline void drover_jpeg_free(struct drover_jpeg *jpeg) {
    jpeg_destroy_decompress(&jpeg->info);
    if (jpeg->source.mapped != NULL && !jpeg->source.mapping_borrowed) {
        munmap((void *)jpeg->source.mapped, jpeg->source.mapped_length);
    }
    free(jpeg);
}

// The EXIF orientation in an APP1 segment: the Orientation tag (0x112, one SHORT) of IFD0,
// 0 when absent or out of 1-8. The TIFF header is looked for in the first 16 bytes after
// "Exif", as gdk-pixbuf's JPEG loader does, so that a photo turns exactly as it did there.
static inline int drover_jpeg_exif_orientation(const unsigned char *data, unsigned length) {
    if (length < 32 || memcmp(data, "Exif", 4) != 0) return 0;
    unsigned start = 0;
    int big = -1;
    for (unsigned i = 0; i < 16; i++) {
        if (memcmp(data + i, "II\x2a\x00", 4) == 0) { big = 0; start = i; break; }
        if (memcmp(data + i, "MM\x00\x2a", 4) == 0) { big = 1; start = i; break; }
    }
    if (big < 0) return 0;
#define DROVER_U16(p) (big ? (unsigned)((p)[0] << 8 | (p)[1]) : (unsigned)((p)[1] << 8 | (p)[0]))
#define DROVER_U32(p) (big ? ((unsigned)(p)[0] << 24 | (unsigned)(p)[1] << 16 | (unsigned)(p)[2] << 8 | (p)[3]) \
                           : ((unsigned)(p)[3] << 24 | (unsigned)(p)[2] << 16 | (unsigned)(p)[1] << 8 | (p)[0]))
    unsigned long long offset = (unsigned long long)start + DROVER_U32(data + start + 4);
    if (offset + 2 > length) return 0;
    unsigned tags = DROVER_U16(data + offset);
    offset += 2;
    if (offset + 12ULL * tags > length) return 0;
    int orientation = 0;
    for (unsigned tag = 0; tag < tags; tag++, offset += 12) {
        const unsigned char *entry = data + offset;
        if (DROVER_U16(entry) != 0x112 || DROVER_U16(entry + 2) != 3 || DROVER_U32(entry + 4) != 1) continue;
        unsigned value = DROVER_U16(entry + 8);
        orientation = value <= 8 ? (int)value : 0;
    }
#undef DROVER_U16
#undef DROVER_U32
    return orientation;
}

// Reads the header: afterwards `info.image_width` and `image_height` are the stored size and
// `orientation` the EXIF one. Returns 0, or -1 with `failure` set.
static inline int drover_jpeg_read_header(struct drover_jpeg *jpeg) {
    if (setjmp(jpeg->error.jump)) return -1;
    jpeg_save_markers(&jpeg->info, JPEG_APP0 + 1, 0xFFFF);
    jpeg_read_header(&jpeg->info, TRUE);
    for (jpeg_saved_marker_ptr marker = jpeg->info.marker_list; marker != NULL; marker = marker->next) {
        if (marker->marker != JPEG_APP0 + 1) continue;
        int orientation = drover_jpeg_exif_orientation(marker->data, marker->data_length);
        if (orientation != 0) jpeg->orientation = orientation;
    }
    return 0;
}

// Chooses the smallest of libjpeg's DCT scalings (1/1, 1/2, 1/4, 1/8) that is still at least
// `width`×`height` (gdk-pixbuf's JPEG loader chooses the same), or the full size when `width`
// or `height` is 0: decoding at an eighth does a sixty-fourth of the inverse DCTs and colour
// conversion. RGB out, from YCbCr, RGB or greyscale; CMYK and YCCK come out as CMYK, turned
// into RGB while the rows are read. Afterwards `info.output_width`, `output_height` and
// `output_components` (3, or 4 for CMYK) say what the rows will hold. Returns 0, or -1 with
// `failure` set.
static inline int drover_jpeg_choose_scale(struct drover_jpeg *jpeg, int width, int height) {
    if (setjmp(jpeg->error.jump)) return -1;
    struct jpeg_decompress_struct *info = &jpeg->info;
    switch (info->jpeg_color_space) {
    case JCS_CMYK:
    case JCS_YCCK:
        info->out_color_space = JCS_CMYK;
        break;
    default:
        info->out_color_space = JCS_RGB;
        break;
    }
    info->scale_num = 1;
    info->scale_denom = 1;
    if (width > 0 && height > 0) {
        for (unsigned denom = 2; denom <= 8; denom *= 2) {
            info->scale_denom = denom;
            jpeg_calc_output_dimensions(info);
            if (info->output_width < (JDIMENSION)width || info->output_height < (JDIMENSION)height) {
                info->scale_denom = denom / 2;
                break;
            }
        }
    }
    jpeg_calc_output_dimensions(info);
    return 0;
}

// Starts the decode at the scaling chosen. With `rgbx`, RGB comes out 4 bytes a pixel
// (libjpeg-turbo's JCS_EXT_RGBX, at the same cost; the fourth byte is whatever libjpeg-turbo
// leaves there) for pixman's resize (CPixman), which ignores it; CMYK comes out 4 bytes a
// pixel anyway. Returns 0, or -1 with `failure` set.
static inline int drover_jpeg_start(struct drover_jpeg *jpeg, int rgbx) {
    if (setjmp(jpeg->error.jump)) return -1;
    struct jpeg_decompress_struct *info = &jpeg->info;
    if (rgbx && info->out_color_space == JCS_RGB) info->out_color_space = JCS_EXT_RGBX;
    // gdk-pixbuf's loader turned block smoothing off; it matters only for a progressive
    // image decoded before all its scans are in, which this decode never shows.
    info->do_block_smoothing = FALSE;
    jpeg_start_decompress(info);
    return 0;
}

// Inverted CMYK (as Adobe's applications write it, with an Adobe marker) or plain CMYK, to RGB
// with an opaque fourth byte: the colours and the layout gdk-pixbuf's JPEG loader gives.
static inline void drover_jpeg_cmyk_to_rgba(const struct jpeg_decompress_struct *info, unsigned char *row) {
    for (JDIMENSION x = 0; x < info->output_width; x++, row += 4) {
        int c = row[0], m = row[1], y = row[2], k = row[3];
        if (info->saw_Adobe_marker) {
            row[0] = (unsigned char)(k * c / 255);
            row[1] = (unsigned char)(k * m / 255);
            row[2] = (unsigned char)(k * y / 255);
        } else {
            row[0] = (unsigned char)((255 - k) * (255 - c) / 255);
            row[1] = (unsigned char)((255 - k) * (255 - m) / 255);
            row[2] = (unsigned char)((255 - k) * (255 - y) / 255);
        }
        row[3] = 255;
    }
}

// Decodes the rows from `output_scanline` up to `end` into `pixels` (row N at N × `stride`,
// each `output_width` × `output_components` bytes). Called where a setjmp of `jpeg`'s catches
// libjpeg's errors.
static inline void drover_jpeg_read_rows_until(struct drover_jpeg *jpeg, unsigned char *pixels, size_t stride,
                                               JDIMENSION end) {
    struct jpeg_decompress_struct *info = &jpeg->info;
    while (info->output_scanline < end) {
        JSAMPROW rows[4];
        // Never more than are left before `end`: libjpeg fills as many of the rows given as
        // it has, and a second decoder's rows must not run into the first's.
        JDIMENSION wanted = (JDIMENSION)(info->rec_outbuf_height < 4 ? info->rec_outbuf_height : 4);
        if (wanted > end - info->output_scanline) wanted = end - info->output_scanline;
        for (JDIMENSION i = 0; i < wanted; i++) rows[i] = pixels + (size_t)(info->output_scanline + i) * stride;
        JDIMENSION first = info->output_scanline;
        JDIMENSION count = jpeg_read_scanlines(info, rows, wanted);
        if (count == 0) ERREXIT(info, JERR_INPUT_EOF);
        if (info->out_color_space == JCS_CMYK) {
            for (JDIMENSION i = 0; i < count; i++) drover_jpeg_cmyk_to_rgba(info, pixels + (size_t)(first + i) * stride);
        }
    }
}

// Decodes every row into `pixels` (`output_height` rows `stride` bytes apart, each
// `output_width` × `output_components` bytes), then reads on to the end marker, so that
// damage after the last row is found too. Returns 0, or -1 with `failure` set.
static inline int drover_jpeg_read_rows(struct drover_jpeg *jpeg, unsigned char *pixels, size_t stride) {
    if (setjmp(jpeg->error.jump)) return -1;
    drover_jpeg_read_rows_until(jpeg, pixels, stride, jpeg->info.output_height);
    jpeg_finish_decompress(&jpeg->info);
    return 0;
}

// A decode split across two threads, for a photo someone is waiting to see (the viewer's
// open with nothing decoded ahead). A scan without restart markers can only be entropy-decoded
// in order, and that is most of the work (about 65% of a 24-megapixel photo decoded at a
// quarter), so the split is uneven: a second decoder of the same mapped file decodes the top
// rows on a thread of its own, while this one skips them (jpeg_skip_scanlines still entropy-
// decodes them, but does no inverse DCT, upsampling or colour conversion) and decodes the rest.
// The rows come out byte for byte as from one decoder (JPEGDecodeTests), and damage anywhere is
// still found by this decoder, which reads the whole scan. It costs CPU: the top rows' entropy
// decoding is done twice (about half as much CPU again in all), which is why nothing decoded
// ahead uses it.
//
// The share of rows the second decoder takes: with e the entropy decoding's share of a row's
// work, the two threads finish together when it takes 1 / (2 - e) of them. Of the shares tried
// on the viewer's 24-megapixel photo at a quarter (0.5, 0.6, 0.66, 0.74), 0.74 finished first:
// 58-60 ms against 76 ms on one thread (docs/benchmarks.md, seventeenth pass).
#define DROVER_JPEG_TOP_SHARE 0.74

// glibc's, declared only under _GNU_SOURCE, which Swift's modules do not set (it reads the CPU
// from the thread's rseq area or the vDSO, without a system call).
extern int sched_getcpu(void);

// Moves the calling thread off CPU `cpu` onto the others it may run on, if there are any
// (raw system calls: glibc's CPU set macros also need _GNU_SOURCE).
static inline void drover_jpeg_move_off_cpu(int cpu) {
    unsigned long cpus[16] = {0};  // up to 1,024 CPUs
    const int bits = (int)(8 * sizeof cpus[0]);
    if (cpu < 0 || cpu >= 16 * bits || syscall(SYS_sched_getaffinity, 0, sizeof cpus, cpus) <= 0) return;
    int others = 0;
    for (int i = 0; i < 16; i++) others += __builtin_popcountl(cpus[i]);
    unsigned long bit = 1UL << (cpu % bits);
    if (!(cpus[cpu / bits] & bit) || others < 2) return;
    cpus[cpu / bits] &= ~bit;
    (void)syscall(SYS_sched_setaffinity, 0, sizeof cpus, cpus);
}

// What the second thread of a split decode is given, and what it leaves.
struct drover_jpeg_top_rows {
    struct drover_jpeg *jpeg;  // the second decoder, on the first one's mapping
    // The first decoder, started: its scaling and colours, fields libjpeg no longer changes
    // while the first thread decodes, so this thread may read them meanwhile.
    const struct jpeg_decompress_struct *like;
    unsigned char *pixels;
    size_t stride;
    JDIMENSION end;  // the rows [0, end) are this thread's
    int first_cpu;  // the CPU the first decoder's thread ran on when it started this one (-1: unknown)
    int result;
};

// A second decoder of a split decode: reads its header and starts at the first decoder's
// scaling and colours (fields libjpeg no longer changes once that one has started). Called where
// a setjmp of the second decoder's catches libjpeg's errors.
static inline void drover_jpeg_start_like(struct jpeg_decompress_struct *info, const struct jpeg_decompress_struct *like) {
    jpeg_read_header(info, TRUE);
    info->out_color_space = like->out_color_space;
    info->scale_num = like->scale_num;
    info->scale_denom = like->scale_denom;
    info->dct_method = like->dct_method;
    info->do_fancy_upsampling = like->do_fancy_upsampling;
    info->do_block_smoothing = like->do_block_smoothing;
    jpeg_start_decompress(info);
}

// The second thread: reads the header again, decodes as the first decoder does, and stops
// after its rows.
static inline void *drover_jpeg_decode_top_rows(void *argument) {
    struct drover_jpeg_top_rows *top = argument;
    // Linux starts a thread on its parent's CPU and may leave it there for tens of ms while
    // another core idles (seen under perf sched: the two decoders took turns on one core for
    // 23 ms of a 90 ms decode), so the thread moves itself to the other CPUs at once.
    drover_jpeg_move_off_cpu(top->first_cpu);
    struct drover_jpeg *jpeg = top->jpeg;
    if (setjmp(jpeg->error.jump)) {
        top->result = -1;
        return NULL;
    }
    struct jpeg_decompress_struct *info = &jpeg->info;
    drover_jpeg_start_like(info, top->like);
    if (info->output_width != top->like->output_width || info->output_height != top->like->output_height
        || info->output_components != top->like->output_components) {
        ERREXIT(info, JERR_NOT_COMPILED);  // cannot happen with the same bytes; never write elsewhere
    }
    drover_jpeg_read_rows_until(jpeg, top->pixels, top->stride, top->end);
    jpeg_abort_decompress(info);
    top->result = 0;
    return NULL;
}

// How many rows a second thread would decode of a started decode (below), or 0 when a split
// cannot help: a progressive scan (its coefficients are all entropy-decoded before the first
// row, so the second decoder would repeat everything), arithmetic coding (its decoding is nearly
// all the work: the 24-megapixel photo's quarter took 0.55 s on one thread and 0.94 s on two), a
// file that is read rather than mapped (a second decoder needs the bytes again), or too few
// rows to be worth a thread.
static inline JDIMENSION drover_jpeg_rows_for_second_thread(const struct drover_jpeg *jpeg) {
    const struct jpeg_decompress_struct *info = &jpeg->info;
    if (jpeg->source.mapped == NULL || info->progressive_mode || info->arith_code || info->output_scanline != 0) return 0;
    // Whole iMCU rows: skipping part of one decodes it whole.
    JDIMENSION imcu_rows = (JDIMENSION)(info->max_v_samp_factor * info->min_DCT_scaled_size);
    if (imcu_rows == 0) return 0;
    JDIMENSION end = (JDIMENSION)(info->output_height * DROVER_JPEG_TOP_SHARE) / imcu_rows * imcu_rows;
    return end < 64 ? 0 : end;
}

#include "entry_point.h"

// Finds the entry point of the JPEG a decoder reads (entry_point.h), for the decode child of the
// background scan: a Huffman pass over the first half of the scan. The header must have been
// read from a mapped file. Returns 0, or -1 when the JPEG has none (see drover_jpeg_find_entry)
// or its data does not decode.
static inline int drover_jpeg_entry_of(struct drover_jpeg *jpeg, struct drover_jpeg_entry *entry) {
    if (setjmp(jpeg->error.jump)) return -1;
    return drover_jpeg_find_entry(jpeg, entry);
}

// What the second thread of a decode from an entry point is given, and what it leaves.
struct drover_jpeg_bottom_rows {
    struct drover_jpeg *jpeg;  // the second decoder, on the JPEG made from the entry point
    const struct jpeg_decompress_struct *like;  // the first decoder, started (as for the top rows above)
    unsigned char *pixels;
    size_t stride;
    JDIMENSION start;  // the rows [start, output_height) of the first decoder are this thread's
    JDIMENSION skipped;  // the made-up MCU row's output rows and the entry row's, not shown
    unsigned char *entry_rows;  // the entry row's lower half of output rows as it decoded them, to compare
    JDIMENSION compared;  // how many: the entry row's last `compared` output rows
    int first_cpu;
    int result;
};

// The second thread of a decode from an entry point: decodes the made-up JPEG to its end (so
// that damage in the rest of the scan is found here), keeping the rows below the entry row.
static inline void *drover_jpeg_decode_bottom_rows(void *argument) {
    struct drover_jpeg_bottom_rows *bottom = argument;
    drover_jpeg_move_off_cpu(bottom->first_cpu);
    struct drover_jpeg *jpeg = bottom->jpeg;
    if (setjmp(jpeg->error.jump)) {
        bottom->result = -1;
        return NULL;
    }
    struct jpeg_decompress_struct *info = &jpeg->info;
    const struct jpeg_decompress_struct *like = bottom->like;
    drover_jpeg_start_like(info, like);
    if (info->output_width != like->output_width || info->output_components != like->output_components
        || info->output_height != like->output_height - bottom->start + bottom->skipped) {
        ERREXIT(info, JERR_NOT_COMPILED);  // an entry point that does not fit: never write elsewhere
    }
    // Read, not skipped: the rows below are decoded exactly as one decoder decodes them. The
    // entry row's last `compared` rows go to `entry_rows`, as the first decoder leaves its own.
    size_t row_bytes = (size_t)info->output_width * (size_t)info->output_components;
    JDIMENSION first_compared = bottom->skipped - bottom->compared;
    while (info->output_scanline < bottom->skipped) {
        JDIMENSION y = info->output_scanline;
        JSAMPROW row = bottom->entry_rows + (size_t)(y < first_compared ? 0 : y - first_compared) * row_bytes;
        if (jpeg_read_scanlines(info, &row, 1) == 0) ERREXIT(info, JERR_INPUT_EOF);
        if (info->out_color_space == JCS_CMYK) drover_jpeg_cmyk_to_rgba(info, row);
    }
    // Its row N is the first decoder's row N - skipped + start.
    drover_jpeg_read_rows_until(jpeg, bottom->pixels + (size_t)bottom->start * bottom->stride - (size_t)bottom->skipped * bottom->stride,
                                bottom->stride, info->output_height);
    jpeg_finish_decompress(info);
    bottom->result = 0;
    return NULL;
}

// Whether `count` rows of `components`-byte pixels at `rows` (`row_bytes` apart) have, in each of
// their first three channels, a value other than 0 and 255: rows clipped to black or white in a
// channel would hide a wrong DC predictor there.
static inline int drover_jpeg_rows_show_every_channel(const unsigned char *rows, size_t row_bytes, JDIMENSION count,
                                                      int components) {
    int channels = components < 3 ? components : 3, shown = 0;
    for (int channel = 0; channel < channels; channel++) {
        for (size_t at = (size_t)channel; at < row_bytes * count; at += (size_t)components) {
            if (rows[at] != 0 && rows[at] != 255) { shown++; break; }
        }
    }
    return shown == channels;
}

// The decode from an entry point: this thread decodes the rows down to the entry row's end
// while a second decodes the JPEG made from the entry point. Returns 1 when the entry point
// cannot be used here (nothing decoded: the caller decodes otherwise), else 0 or -1 as
// drover_jpeg_read_rows. Both decode the entry row, and the lower half of its output rows (whose
// upsampling reads only rows of the photo, not the made-up one) must come out the same from
// both, with every colour channel somewhere neither black nor white: a wrong entry point
// (another position, other DC predictors) shows there. When it does not, or the second decoder
// fails (damage below the entry, memory), this one decodes on from where it stopped, so the
// result is what one decoder gives.
static inline int drover_jpeg_read_rows_from_entry(struct drover_jpeg *jpeg, unsigned char *pixels, size_t stride,
                                                   const struct drover_jpeg_entry *entry) {
    struct jpeg_decompress_struct *info = &jpeg->info;
    JDIMENSION imcu_rows = (JDIMENSION)(info->max_v_samp_factor * info->min_DCT_scaled_size);
    if (imcu_rows == 0 || info->output_scanline != 0 || entry->row < 1 || entry->row > 65535) return 1;
    JDIMENSION start = (JDIMENSION)(entry->row + 1) * imcu_rows;
    if (start >= info->output_height) return 1;
    size_t length = 0;
    unsigned char *stream = drover_jpeg_entry_stream(jpeg, entry, &length);
    if (stream == NULL) return 1;
    size_t row_bytes = (size_t)info->output_width * (size_t)info->output_components;
    JDIMENSION compared = imcu_rows > 1 ? imcu_rows / 2 : 1;
    unsigned char *entry_rows = malloc(row_bytes * compared);
    struct drover_jpeg *second = entry_rows == NULL ? NULL : drover_jpeg_new(-1, NULL, 0);
    if (second == NULL) {
        free(entry_rows);
        free(stream);
        return 1;
    }
    second->source.mapped = stream;
    second->source.mapped_length = length;
    second->source.mapped_position = 0;
    second->source.mapping_borrowed = 1;
    struct drover_jpeg_bottom_rows bottom = {second, info, pixels, stride, start, 2 * imcu_rows, entry_rows, compared,
                                             sched_getcpu(), -1};
    pthread_t thread;
    if (pthread_create(&thread, NULL, drover_jpeg_decode_bottom_rows, &bottom) != 0) {
        drover_jpeg_free(second);
        free(entry_rows);
        free(stream);
        return 1;
    }
    if (setjmp(jpeg->error.jump)) {
        pthread_join(thread, NULL);
        drover_jpeg_free(second);
        free(entry_rows);
        free(stream);
        return -1;
    }
    drover_jpeg_read_rows_until(jpeg, pixels, stride, start);
    pthread_join(thread, NULL);
    // The thread is joined: an error from here on must not join it again.
    if (setjmp(jpeg->error.jump)) return -1;
    const unsigned char *own = pixels + (size_t)(start - compared) * stride;
    int agrees = bottom.result == 0 && drover_jpeg_rows_show_every_channel(entry_rows, row_bytes, compared, info->output_components);
    for (JDIMENSION i = 0; agrees && i < compared; i++) {
        agrees = memcmp(entry_rows + (size_t)i * row_bytes, own + (size_t)i * stride, row_bytes) == 0;
    }
    drover_jpeg_free(second);
    free(entry_rows);
    free(stream);
    if (agrees) {
        // The rest of the scan was read by the second decoder; this one stops here.
        jpeg->rows_from = DROVER_JPEG_FROM_ENTRY;
        jpeg_abort_decompress(info);
        return 0;
    }
    drover_jpeg_read_rows_until(jpeg, pixels, stride, info->output_height);
    jpeg_finish_decompress(info);
    return 0;
}

// Like drover_jpeg_read_rows, on two threads where that can help: from `entry` when one is
// given and fits (drover_jpeg_read_rows_from_entry), else with the top rows decoded by a second
// decoder while this one skips them (drover_jpeg_rows_for_second_thread). Otherwise, or when a
// thread or its decoder cannot be made, the same single-threaded decode.
static inline int drover_jpeg_read_rows_on_two_threads(struct drover_jpeg *jpeg, unsigned char *pixels, size_t stride,
                                                       const struct drover_jpeg_entry *entry) {
    if (entry != NULL && drover_jpeg_rows_for_second_thread(jpeg) != 0) {
        int result = drover_jpeg_read_rows_from_entry(jpeg, pixels, stride, entry);
        if (result != 1) return result;
    }
    struct jpeg_decompress_struct *info = &jpeg->info;
    JDIMENSION end = drover_jpeg_rows_for_second_thread(jpeg);
    if (end == 0) return drover_jpeg_read_rows(jpeg, pixels, stride);
    struct drover_jpeg *second = drover_jpeg_new(-1, NULL, 0);
    if (second == NULL) return drover_jpeg_read_rows(jpeg, pixels, stride);
    second->source.mapped = jpeg->source.mapped;
    second->source.mapped_length = jpeg->source.mapped_length;
    second->source.mapped_position = 0;
    second->source.mapping_borrowed = 1;
    struct drover_jpeg_top_rows top = {second, info, pixels, stride, end, sched_getcpu(), -1};
    pthread_t thread;
    if (pthread_create(&thread, NULL, drover_jpeg_decode_top_rows, &top) != 0) {
        drover_jpeg_free(second);
        return drover_jpeg_read_rows(jpeg, pixels, stride);
    }
    // The thread writes into `pixels` until it is joined, so every way out joins it first.
    if (setjmp(jpeg->error.jump)) {
        pthread_join(thread, NULL);
        drover_jpeg_free(second);
        return -1;
    }
    jpeg->rows_from = DROVER_JPEG_SKIPPED;
    if (jpeg_skip_scanlines(info, end) != end) ERREXIT(info, JERR_INPUT_EOF);
    drover_jpeg_read_rows_until(jpeg, pixels, stride, info->output_height);
    jpeg_finish_decompress(info);
    pthread_join(thread, NULL);
    if (top.result != 0) {
        // This decoder read the whole scan without a fault, so the second one's failure is
        // its own: most likely memory.
        jpeg->failure = second->failure;
        jpeg->damage = second->damage;
        memcpy(jpeg->message, second->message, sizeof jpeg->message);
        drover_jpeg_free(second);
        return -1;
    }
    drover_jpeg_free(second);
    return 0;
}
