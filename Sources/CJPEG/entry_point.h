// Entry points into a baseline JPEG's scan: where a second decoder can start without
// entropy-decoding what comes before. A scan without restart markers is one run of Huffman
// codes, and each block's DC value is coded as a difference from the previous block's, so a
// decoder can only begin at the start; that decoding is most of a large photo's decode (about
// 70% of a 24-megapixel photo decoded at a quarter), and the viewer's split decode (shim.h)
// had its second decoder entropy-decode the first one's rows only to skip them.
//
// An entry point records, for the start of one MCU row, where its first code begins (the
// byte, counted from the scan's start in the file, and the bit in it) and the DC predictors
// there. The background scan's decode child finds one once per photo (a Huffman pass over the
// first half of the scan), the library keeps it, and the viewer's decode child, given it,
// makes a JPEG that starts at that row (synthesized below): the header with the height cut,
// one made-up MCU row whose DC differences bring each predictor to the recorded value and which
// ends on the entry's bit within its byte, then the file's bytes from there on as they are.
// libjpeg decodes that on a second
// thread while the first decodes the rows above, and the rows come out byte for byte as from
// one decoder (JPEGDecodeTests); in a C program, the 24-megapixel photo's quarter took
// 37-47 ms on two threads against 56-60 ms with the skip and 70-75 ms on one
// (docs/benchmarks.md, nineteenth pass).
//
// One thing is not as from one decoder: libjpeg-turbo checks a Huffman code only off its fast
// path, which it leaves when its buffer runs low, and the made-up JPEG reaches it in other
// 4 KB pieces than the file, so damage below the entry point that one decoder would have
// refused may pass (found by FuzzJPEGEntry). The viewer decodes only library copies, whose
// every byte decoded at their import, and whose stamps are checked since.
//
// Everything here reads untrusted bytes and runs only in a decode child. An entry point comes
// back from the library, and was written by an earlier child, so it is checked like any other
// input: a wrong one makes the second decoder's data fail libjpeg's checks (the rows above are
// then decoded on by the first decoder, as from one), or at worst shows wrong pixels for that
// photo, as a wrong thumbnail from a compromised child would.

// Where a second decoder can start (see above).
struct drover_jpeg_entry {
    int row;          // the MCU row (from 0) that starts here; at least 1
    long long byte;   // its first code's byte, counted from the scan's first byte (not the stuffed 0 of FF 00)
    int bit;          // the bit in that byte, 0 (the high bit) to 7
    int components;   // the scan's components, 1 to 4
    int dc[4];        // each component's DC predictor at the row's start
};

// A Huffman table as the scan below reads it (a 9-bit lookup, then libjpeg's canonical
// search for longer codes) and as the made-up row writes it (a code for each symbol).
struct drover_jpeg_huffman {
    unsigned char length[1 << 9];
    unsigned char symbol_at[1 << 9];
    int max_code[18];
    int value_offset[18];
    unsigned char values[256];
    unsigned short code[256];
    unsigned char code_length[256];  // 0: the symbol has no code
};

// Builds `table` from a DHT's counts and symbols. Returns 0, or -1 when the counts describe no
// valid code: more codes of a length than fit, or a code of all ones (libjpeg's own rule, in
// jpeg_make_d_derived_tbl, which runs only once decoding starts: after jpeg_read_header, the
// counts are as the file gave them). Checked before a length's codes are laid out, since the
// lookup is indexed by them.
static inline int drover_jpeg_huffman_build(struct drover_jpeg_huffman *table, const JHUFF_TBL *source) {
    memset(table, 0, sizeof *table);
    int code = 0, index = 0;
    for (int length = 1; length <= 16; length++) {
        int count = source->bits[length];
        if (index + count > 256 || code + count >= (1 << length)) return -1;
        table->value_offset[length] = index - code;
        for (int i = 0; i < count; i++, index++, code++) {
            unsigned char value = source->huffval[index];
            table->values[index] = value;
            table->code[value] = (unsigned short)code;
            table->code_length[value] = (unsigned char)length;
            if (length <= 9) {
                int shift = 9 - length;
                for (int j = 0; j < (1 << shift); j++) {
                    table->length[(code << shift) | j] = (unsigned char)length;
                    table->symbol_at[(code << shift) | j] = value;
                }
            }
        }
        table->max_code[length] = count ? code - 1 : -1;
        code <<= 1;
    }
    table->max_code[17] = 0x7fffffff;
    return 0;
}

// The scan as libjpeg decodes it after its header: what both the search and the made-up JPEG
// need, checked.
struct drover_jpeg_scan_layout {
    const unsigned char *file;
    size_t file_length;
    size_t scan_start;  // the scan's first byte, in the file
    size_t sof_height;  // the offset of the frame header's height, in the file
    int components;
    int blocks_per_mcu;
    int block_component[10];  // for each block of an MCU, its component in the scan
    long mcus_per_row;
    long mcu_rows;
    int mcu_height;  // in pixels
    struct drover_jpeg_huffman dc[4], ac[4];  // by the scan's component
};

// The offset of the height in the frame header (SOF0 or SOF1) among the segments before
// `scan_start`, or 0 when there is none, or when what it finds there is not the `width` and
// `height` libjpeg read (a header it read otherwise: it also skips stray bytes between
// segments, which this walk does not).
static inline size_t drover_jpeg_sof_height(const unsigned char *file, size_t scan_start, unsigned width, unsigned height) {
    size_t at = 2;
    while (at + 4 <= scan_start) {
        if (file[at] != 0xFF) return 0;
        int marker = file[at + 1];
        if (marker == 0xFF) { at++; continue; }  // fill bytes before a marker
        if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) { at += 2; continue; }  // TEM, RSTn: no length
        size_t length = (size_t)file[at + 2] << 8 | file[at + 3];
        if (length < 2 || at + 2 + length > scan_start) return 0;
        if ((marker == 0xC0 || marker == 0xC1) && length >= 8) {
            const unsigned char *frame = file + at + 5;
            return ((unsigned)frame[0] << 8 | frame[1]) == height && ((unsigned)frame[2] << 8 | frame[3]) == width ? at + 5 : 0;
        }
        at += 2 + length;
    }
    return 0;
}

// Fills `layout` from `jpeg`, whose header has been read from a mapping of the whole file.
// Returns 0, or -1 for a JPEG entry points do not serve: progressive or arithmetic-coded,
// with restart markers (a decoder can start at any of them anyway), not 8-bit, a scan that
// does not hold every component, or tables the scan cannot use.
static inline int drover_jpeg_scan_layout(const struct drover_jpeg *jpeg, struct drover_jpeg_scan_layout *layout) {
    const struct jpeg_decompress_struct *info = &jpeg->info;
    const unsigned char *file = jpeg->source.mapped;
    if (file == NULL || info->progressive_mode || info->arith_code || info->restart_interval != 0
        || info->data_precision != 8 || info->comps_in_scan != info->num_components || info->comps_in_scan < 1
        || info->comps_in_scan > 4 || info->image_height == 0) return -1;
    // Where the scan starts: in the mapping, or in the prefix the caller read first (a header
    // shorter than it), which must then be the mapping's first bytes.
    const unsigned char *next = info->src->next_input_byte, *prefix = jpeg->source.prefix;
    size_t given = jpeg->source.prefix_given;
    if (next >= file && next < file + jpeg->source.mapped_length) {
        layout->scan_start = (size_t)(next - file);
    } else if (prefix != NULL && next >= prefix && next < prefix + given && given <= jpeg->source.mapped_length
               && memcmp(prefix, file, given) == 0) {
        layout->scan_start = (size_t)(next - prefix);
    } else {
        return -1;
    }
    layout->file = file;
    layout->file_length = jpeg->source.mapped_length;
    layout->sof_height = drover_jpeg_sof_height(file, layout->scan_start, info->image_width, info->image_height);
    if (layout->sof_height == 0) return -1;
    layout->components = info->comps_in_scan;
    layout->blocks_per_mcu = 0;
    int max_h = 1, max_v = 1;
    for (int c = 0; c < info->comps_in_scan; c++) {
        const jpeg_component_info *component = info->cur_comp_info[c];
        int blocks = component->h_samp_factor * component->v_samp_factor;
        if (layout->blocks_per_mcu + blocks > 10) return -1;
        for (int b = 0; b < blocks; b++) layout->block_component[layout->blocks_per_mcu++] = c;
        if (component->h_samp_factor > max_h) max_h = component->h_samp_factor;
        if (component->v_samp_factor > max_v) max_v = component->v_samp_factor;
        // libjpeg takes any table number 0-15 from the scan's header and checks it only when it
        // starts decoding.
        if (component->dc_tbl_no < 0 || component->dc_tbl_no >= NUM_HUFF_TBLS || component->ac_tbl_no < 0
            || component->ac_tbl_no >= NUM_HUFF_TBLS) return -1;
        const JHUFF_TBL *dc = info->dc_huff_tbl_ptrs[component->dc_tbl_no];
        const JHUFF_TBL *ac = info->ac_huff_tbl_ptrs[component->ac_tbl_no];
        if (dc == NULL || ac == NULL || drover_jpeg_huffman_build(&layout->dc[c], dc) != 0
            || drover_jpeg_huffman_build(&layout->ac[c], ac) != 0) return -1;
    }
    // A one-component scan's MCU is one block, a row of them 8 pixels high; libjpeg's rows of
    // output come in groups of the largest sampling factor, which then differ: not served.
    if (info->comps_in_scan == 1 && (max_h != 1 || max_v != 1)) return -1;
    layout->mcu_height = 8 * max_v;
    layout->mcus_per_row = ((long)info->image_width + 8 * max_h - 1) / (8 * max_h);
    layout->mcu_rows = ((long)info->image_height + layout->mcu_height - 1) / layout->mcu_height;
    return 0;
}

// Reads the scan's bits: stuffed zeros dropped; at a marker (or the file's end), zeros, as
// libjpeg does. `loaded` counts the bytes taken, so a position is comparable between readers.
struct drover_jpeg_bits {
    const unsigned char *next, *end;
    unsigned long long buffer;  // the next bits, from the top
    int count;
    long long loaded;  // bytes taken into `buffer`, the zeros after the data's end included
    long long real;    // of which the scan's own
};

static inline void drover_jpeg_bits_fill(struct drover_jpeg_bits *bits) {
    while (bits->count <= 56) {
        unsigned char byte = 0;
        if (bits->next < bits->end) {
            byte = *bits->next;
            if (byte != 0xFF) { bits->next++; bits->real++; }
            else if (bits->next + 1 < bits->end && bits->next[1] == 0) { bits->next += 2; bits->real++; }
            else byte = 0;  // a marker: the data ends here
        }
        bits->buffer |= (unsigned long long)byte << (56 - bits->count);
        bits->count += 8;
        bits->loaded++;
    }
}

// The next symbol of `table`, or -1 for a code it does not have.
static inline int drover_jpeg_bits_symbol(struct drover_jpeg_bits *bits, const struct drover_jpeg_huffman *table) {
    if (bits->count < 16) drover_jpeg_bits_fill(bits);
    int look = (int)(bits->buffer >> 55);
    int length = table->length[look];
    if (length) {
        bits->buffer <<= length;
        bits->count -= length;
        return table->symbol_at[look];
    }
    length = 10;
    int code = (int)(bits->buffer >> 54);
    while (code > table->max_code[length]) {
        if (++length > 16) return -1;
        code = (int)(bits->buffer >> (64 - length));
    }
    bits->buffer <<= length;
    bits->count -= length;
    int index = code + table->value_offset[length];
    return index >= 0 && index < 256 ? table->values[index] : -1;
}

// Reads one MCU's codes, keeping the DC predictors. Returns 0, or -1 on a code no table has.
static inline int drover_jpeg_bits_mcu(struct drover_jpeg_bits *bits, const struct drover_jpeg_scan_layout *layout, int *dc) {
    for (int b = 0; b < layout->blocks_per_mcu; b++) {
        int c = layout->block_component[b];
        int size = drover_jpeg_bits_symbol(bits, &layout->dc[c]);
        if (size < 0 || size > 11) return -1;
        if (size) {
            if (bits->count < size) drover_jpeg_bits_fill(bits);
            int value = (int)(bits->buffer >> (64 - size));
            bits->buffer <<= size;
            bits->count -= size;
            dc[c] += value < (1 << (size - 1)) ? value - (1 << size) + 1 : value;
            if (dc[c] < -2047 || dc[c] > 2047) return -1;  // past what 8-bit samples give: not a scan to use
        }
        for (int k = 1; k < 64; k++) {
            if (bits->count < 32) drover_jpeg_bits_fill(bits);
            int symbol = drover_jpeg_bits_symbol(bits, &layout->ac[c]);
            if (symbol < 0) return -1;
            int run = symbol >> 4, bits_of_value = symbol & 15;
            if (bits_of_value) {
                k += run;
                bits->buffer <<= bits_of_value;
                bits->count -= bits_of_value;
            } else if (run == 15) {
                k += 15;
            } else {
                break;  // end of block
            }
        }
    }
    return 0;
}

// Finds the entry point at the first MCU row that starts in the second half of the scan's
// bytes (where the two threads' shares of the entropy decoding, most of the work, are about
// even). Returns 0, or -1 when the JPEG has no use for one or its data does not decode.
static inline int drover_jpeg_find_entry(const struct drover_jpeg *jpeg, struct drover_jpeg_entry *entry) {
    struct drover_jpeg_scan_layout *layout = malloc(sizeof *layout);
    if (layout == NULL) return -1;
    int result = -1;
    if (drover_jpeg_scan_layout(jpeg, layout) != 0 || layout->mcu_rows < 4) goto done;
    const unsigned char *scan = layout->file + layout->scan_start;
    struct drover_jpeg_bits bits = {scan, layout->file + layout->file_length, 0, 0, 0, 0};
    long long half = (long long)(layout->file_length - layout->scan_start) * 4;  // in bits
    int dc[4] = {0};
    for (long row = 0; row < layout->mcu_rows - 1; row++) {
        long long position = bits.loaded * 8 - bits.count;
        if (row > 0 && position >= half) {
            if (row > layout->mcu_rows - 2) break;
            // The byte of `position` among the stuffed bytes.
            long long plain = position / 8;
            const unsigned char *at = scan;
            while (plain > 0 && at < bits.end) {
                at += (at[0] == 0xFF && at + 1 < bits.end && at[1] == 0) ? 2 : 1;
                plain--;
            }
            if (at >= bits.end) break;
            entry->row = (int)row;
            entry->byte = (long long)(at - scan);
            entry->bit = (int)(position % 8);
            entry->components = layout->components;
            for (int c = 0; c < 4; c++) entry->dc[c] = c < layout->components ? dc[c] : 0;
            result = 0;
            break;
        }
        for (long x = 0; x < layout->mcus_per_row; x++) {
            if (drover_jpeg_bits_mcu(&bits, layout, dc) != 0) goto done;
        }
        // A row that read zeros past the scan's end is no row to start at.
        if (bits.loaded * 8 - bits.count > bits.real * 8) break;
    }
done:
    free(layout);
    return result;
}

// Writes bits, stuffing a zero after each FF as the scan's data must.
struct drover_jpeg_writer {
    unsigned char *out;
    size_t length, capacity;
    unsigned long long buffer;
    int count;
    long long bits;  // written in all
    int full;  // a byte did not fit: what was written is not whole
};

static inline void drover_jpeg_write_byte(struct drover_jpeg_writer *writer, unsigned char byte) {
    if (writer->length + 2 > writer->capacity) {
        writer->full = 1;
        return;
    }
    writer->out[writer->length++] = byte;
    if (byte == 0xFF) writer->out[writer->length++] = 0;
}

static inline void drover_jpeg_write_bits(struct drover_jpeg_writer *writer, unsigned value, int count) {
    writer->buffer = writer->buffer << count | (value & ((1u << count) - 1));
    writer->count += count;
    writer->bits += count;
    while (writer->count >= 8) {
        writer->count -= 8;
        drover_jpeg_write_byte(writer, (unsigned char)(writer->buffer >> writer->count));
    }
}

// Writes a DC difference with `table`; -1 when the table has no code for its size.
static inline int drover_jpeg_write_dc(struct drover_jpeg_writer *writer, const struct drover_jpeg_huffman *table, int difference) {
    int magnitude = difference < 0 ? -difference : difference, size = 0;
    while (magnitude) { size++; magnitude >>= 1; }
    if (size > 11 || table->code_length[size] == 0) return -1;
    drover_jpeg_write_bits(writer, table->code[size], table->code_length[size]);
    if (size) drover_jpeg_write_bits(writer, (unsigned)(difference < 0 ? difference + (1 << size) - 1 : difference), size);
    return 0;
}

// The DC difference a made-up block writes on the way to `remaining`: the largest magnitude
// `table` has a code for that is not past it, or 0. An encoder's own tables (optimized ones,
// as ImageMagick and mozjpeg write) have codes only for the differences the photo has, which are
// small, while a predictor runs to ±1,023 or more; so the made-up row spreads it over its blocks.
static inline int drover_jpeg_dc_step(const struct drover_jpeg_huffman *table, int remaining) {
    int magnitude = remaining < 0 ? -remaining : remaining;
    for (int size = 11; size >= 1; size--) {
        int low = 1 << (size - 1), high = (1 << size) - 1;
        if (table->code_length[size] == 0 || low > magnitude) continue;
        int step = magnitude < high ? magnitude : high;
        return remaining < 0 ? -step : step;
    }
    return 0;
}

// A JPEG of the rows from `entry->row` on (see the top of this file), in a buffer the caller
// frees, with its length in `length`; NULL when `entry` does not fit this JPEG (a row or byte
// out of range, other components) or the made-up row cannot be written (a table without the
// codes it needs) or there is no memory. Its first MCU row is made up and its second is
// `entry->row`, there for the rows below it only (upsampling reads the row above).
static inline unsigned char *drover_jpeg_entry_stream(const struct drover_jpeg *jpeg, const struct drover_jpeg_entry *entry,
                                                      size_t *length) {
    struct drover_jpeg_scan_layout *layout = malloc(sizeof *layout);
    if (layout == NULL) return NULL;
    unsigned char *out = NULL;
    if (drover_jpeg_scan_layout(jpeg, layout) != 0 || entry->components != layout->components || entry->row < 1
        || entry->row > layout->mcu_rows - 2 || entry->bit < 0 || entry->bit > 7 || entry->byte < 0
        || (unsigned long long)entry->byte >= layout->file_length - layout->scan_start) goto fail;
    const unsigned char *file = layout->file;
    const unsigned char *start = file + layout->scan_start + entry->byte, *end = file + layout->file_length;
    if (start[0] == 0 && start > file + layout->scan_start && start[-1] == 0xFF) goto fail;  // a stuffed zero
    for (int c = 0; c < layout->components; c++) {
        if (entry->dc[c] < -2047 || entry->dc[c] > 2047) goto fail;
    }
    // The file's bytes from the entry on are copied as they are; a made-up block takes at most
    // 43 bits (a 16-bit DC code, 11 bits of difference, a 16-bit end), 6 bytes or 11 with
    // stuffing, and the last block up to 7 made-up coefficients of at most 31 bits more.
    size_t blocks = (size_t)layout->mcus_per_row * (size_t)layout->blocks_per_mcu;
    size_t capacity = layout->scan_start + (size_t)(end - start) + 12 * blocks + 256;
    out = malloc(capacity);
    if (out == NULL) goto fail;
    memcpy(out, file, layout->scan_start);
    unsigned long height = (unsigned long)jpeg->info.image_height - (unsigned long)entry->row * layout->mcu_height
                           + layout->mcu_height;
    if (height > 65535) goto fail;
    out[layout->sof_height] = (unsigned char)(height >> 8);
    out[layout->sof_height + 1] = (unsigned char)(height & 0xFF);
    struct drover_jpeg_writer writer = {out + layout->scan_start, 0, capacity - layout->scan_start, 0, 0, 0, 0};
    // The made-up row: each component's blocks step its predictor from 0 to the entry's (the
    // first block the whole way, when the table has a code for that), then differ by 0; every
    // block ends at once. Its pixels are never shown. A predictor the row cannot reach (a table
    // with too few sizes of difference) leaves the entry point unused.
    int remaining[4] = {0};
    for (int c = 0; c < layout->components; c++) remaining[c] = entry->dc[c];
    int last_component = layout->block_component[layout->blocks_per_mcu - 1];
    for (long x = 0; x < layout->mcus_per_row; x++) {
        for (int b = 0; b < layout->blocks_per_mcu; b++) {
            int c = layout->block_component[b];
            int step = drover_jpeg_dc_step(&layout->dc[c], remaining[c]);
            if (drover_jpeg_write_dc(&writer, &layout->dc[c], step) != 0) goto fail;
            remaining[c] -= step;
            if (x == layout->mcus_per_row - 1 && b == layout->blocks_per_mcu - 1) break;  // the last block ends below
            if (layout->ac[c].code_length[0] == 0) goto fail;  // no end-of-block code
            drover_jpeg_write_bits(&writer, layout->ac[c].code[0], layout->ac[c].code_length[0]);
        }
    }
    for (int c = 0; c < layout->components; c++) {
        if (remaining[c] != 0) goto fail;
    }
    // The row's last block takes a few made-up coefficients before its end, so that the row
    // ends `entry->bit` bits into a byte: the scan's bytes then follow as they are (stuffing
    // and the encoder's padding at the end included), with only the entry's own byte split.
    // Any symbol whose code and value take an odd number of bits will do, repeated 0-7 times.
    const struct drover_jpeg_huffman *ac = &layout->ac[last_component];
    if (ac->code_length[0] == 0) goto fail;
    long long written = writer.bits + ac->code_length[0];  // with the block's end
    int filler = -1;
    for (int symbol = 1; symbol < 256 && filler < 0; symbol++) {
        int size = symbol & 15, run = symbol >> 4;
        if (size == 0 || run > 7 || ac->code_length[symbol] == 0 || (ac->code_length[symbol] + size) % 2 == 0) continue;
        filler = symbol;
    }
    if (filler < 0) goto fail;
    int filler_bits = ac->code_length[filler] + (filler & 15);
    int copies = 0;
    while ((written + (long long)copies * filler_bits) % 8 != entry->bit) copies++;  // at most 7: filler_bits is odd
    for (int i = 0; i < copies; i++) {
        drover_jpeg_write_bits(&writer, ac->code[filler], ac->code_length[filler]);
        drover_jpeg_write_bits(&writer, 1, filler & 15);
    }
    drover_jpeg_write_bits(&writer, ac->code[0], ac->code_length[0]);
    // Then the entry's byte, whose first `bit` bits the row just stood in for, and every byte
    // of the file after it as it is: the rest of the scan, its end marker, and whatever follows
    // (or nothing, for a file cut short), so the second decoder meets what one decoder would.
    const unsigned char *at = start;
    if (at[0] == 0xFF && !(at + 1 < end && at[1] == 0)) goto fail;  // the entry is on a marker
    drover_jpeg_write_bits(&writer, at[0], 8 - entry->bit);
    at += at[0] == 0xFF ? 2 : 1;
    // Cannot happen (the row ended `bit` bits into a byte; the capacity holds it all), but a
    // stream made otherwise would be decoded as something it is not.
    if (writer.count != 0 || writer.full || writer.length + (size_t)(end - at) > writer.capacity) goto fail;
    memcpy(writer.out + writer.length, at, (size_t)(end - at));
    writer.length += (size_t)(end - at);
    *length = layout->scan_start + writer.length;
    free(layout);
    return out;
fail:
    free(out);
    free(layout);
    return NULL;
}
