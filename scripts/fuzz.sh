#!/usr/bin/env bash
# Fuzzes the parsers that read untrusted bytes with libFuzzer (FuzzTesting/README.md):
# builds FuzzTesting/ with -sanitize=fuzzer,address in .build-fuzz, runs each target for a
# bounded time from its committed seeds (FuzzTesting/Corpus/TARGET) plus the corpus it grew
# on earlier runs (.build-fuzz/corpus/TARGET), and prints per target the executions run
# and "no findings", or the finding and the input that caused it.
# Exits non-zero on any finding (or a failed build).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]    SECONDS per target (default 60);
#                                            targets: exif image-ending places geo drops jpeg-entry
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
shift || true
all_targets=(exif image-ending places geo drops jpeg-entry)
if [ $# -gt 0 ]; then targets=("$@"); else targets=("${all_targets[@]}"); fi

scratch=.build-fuzz
# Swift's own crash handler trips over ASan; libFuzzer reports the trap instead.
export SWIFT_BACKTRACE=enable=no
mkdir -p "$scratch"

# Target name -> executable (FuzzTesting/Package.swift).
executable() {
    case "$1" in
        exif) echo FuzzExif ;;
        image-ending) echo FuzzImageEnding ;;
        places) echo FuzzPlaces ;;
        geo) echo FuzzGeo ;;
        drops) echo FuzzDrops ;;
        jpeg-entry) echo FuzzJPEGEntry ;;
        *) echo "fuzz.sh: unknown target '$1' (known: ${all_targets[*]})" >&2; exit 2 ;;
    esac
}
for target in "${targets[@]}"; do executable "$target" >/dev/null; done

echo "== Building the fuzz targets (.build-fuzz, -sanitize=fuzzer,address)"
start=$SECONDS
# The gold linker warns once per ASan helper symbol; the log keeps everything.
# -Xcc -fsanitize=…: the C that Swift calls in the system-library shims (static inline functions
# in their headers, compiled by Swift's Clang importer) is instrumented too, for both ASan and
# coverage; without it, a write past a table in CJPEG's entry_point.h went unseen by ASan.
if ! swift build --package-path FuzzTesting --scratch-path "$scratch" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library \
        -Xswiftc -Xcc -Xswiftc -fsanitize=address,fuzzer-no-link >"$scratch/build.log" 2>&1; then
    grep -v "Cannot export local symbol" "$scratch/build.log" | tail -40
    echo "fuzz.sh: the build failed (full log: $scratch/build.log)"
    exit 1
fi
echo "built in $((SECONDS - start)) s"
bin=$(swift build --package-path FuzzTesting --scratch-path "$scratch" --show-bin-path)

# Runs one target for $seconds; its output goes to its log, its exit status to a file.
fuzz_target() {
    local target=$1 name corpus findings status=0
    name=$(executable "$target")
    corpus="$scratch/corpus/$target"
    findings="$scratch/findings/$target"
    mkdir -p "$corpus" "$findings"
    # -timeout: one input taking 10 s is a finding (a hang). -rss_limit_mb also caps any
    # single allocation (malloc_limit_mb defaults to it), so a size read from the input
    # and trusted is a finding. Leaks are not checked: GLib's and the Swift runtime's
    # caches live for the whole process and would be reported as leaks.
    "$bin/$name" "$corpus" "FuzzTesting/Corpus/$target" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=8192 \
        -use_value_profile=1 -detect_leaks=0 -print_final_stats=1 \
        -artifact_prefix="$findings/" >"$scratch/$target.log" 2>&1 || status=$?
    echo "$status" >"$scratch/$target.status"
}

# A target is one single-threaded process: as many run at once as there are cores
# (FUZZ_JOBS), each for the full time. On the 2-core CI machine, side by side, each ran
# 70 to 96% as many inputs a second as alone, and the stage took 35 s less
# (FuzzTesting/README.md).
jobs=${FUZZ_JOBS:-$(nproc)}
running=0
for target in "${targets[@]}"; do
    rm -f "$scratch/$target.status"
    if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
    fuzz_target "$target" &
    running=$((running + 1))
done
wait

failed=()
for target in "${targets[@]}"; do
    name=$(executable "$target")
    log="$scratch/$target.log"
    status=$(cat "$scratch/$target.status" 2>/dev/null || echo "?")
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    coverage=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
    if [ "$status" = 0 ]; then
        printf '%-13s %10s runs  %6s/s  %-20s no findings\n' "$target" "${runs:-?}" "${speed:-?}" "$coverage"
    else
        failed+=("$target")
        printf '%-13s %10s runs  %6s/s  %-20s FINDING (exit %s)\n' "$target" "${runs:-?}" "${speed:-?}" "$coverage" "$status"
        grep -E -m 8 "ERROR: |Fatal error|SUMMARY: |Test unit written to|Precondition failed|deadly signal" "$log" | sed 's/^/    /'
        echo "    full log: $log; reproduce with: $bin/$name INPUT"
    fi
done

if [ ${#failed[@]} -gt 0 ]; then
    echo "fuzz.sh: findings in: ${failed[*]}"
    exit 1
fi
echo "fuzz.sh: no findings in ${#targets[@]} targets"
