# Shared by the benchmark scripts (sourced, not run).

# Builds the release drover (and drover-decode, which its imports run) as scripts/run.sh
# does, and sets $drover to its path.
# The build's output is shown only if it fails.
build_drover() {
  local log bin
  log=$(mktemp)
  if ! bin=$(bash "$(dirname "${BASH_SOURCE[0]}")/../scripts/build-release.sh" 2>"$log"); then
    cat "$log" >&2
    rm -f "$log"
    return 1
  fi
  rm -f "$log"
  drover="$bin/drover"
  # data/, translations and schema, as scripts/run.sh gives them (drover looks only in its prefix).
  source "$(dirname "${BASH_SOURCE[0]}")/../scripts/checkout-env.sh"
}

# make_photos DIR COUNT WIDTHxHEIGHT: COUNT distinct JPEGs in DIR, rendered once as
# plasma (see distinct_copies).
make_photos() {
  mkdir -p "$1"
  convert -size "$3" plasma:fractal -quality 85 "$1/.base.jpg"
  distinct_copies "$1" "$2"
}

# distinct_copies DIR COUNT: COUNT copies of DIR/.base.jpg (which it then removes), each
# with its own name appended after the end-of-image marker (still a valid JPEG), so no two
# files have the same bytes and none is taken for a duplicate.
distinct_copies() {
  local dir=$1 count=$2 name
  for ((i = 0; i < count; i++)); do
    printf -v name "%05d" "$i"
    cp "$dir/.base.jpg" "$dir/$name.jpg"
    printf '%s' "$name" >> "$dir/$name.jpg"
  done
  rm "$dir/.base.jpg"
}

# make_camera_photos DIR COUNT WIDTHxHEIGHT: COUNT distinct camera-like JPEGs in DIR: a
# real photo (one of the samples) stretched to the size, with sensor-like Gaussian noise
# and saved at quality 88, about 3.5 MB at 12 megapixels, as a camera's are. Smooth
# synthetic images (plasma) compress several times better and decode faster, which
# flatters every figure that depends on the bytes (copy, hash, entropy decoding).
make_camera_photos() {
  mkdir -p "$1"
  convert "$(dirname "${BASH_SOURCE[0]}")/../data/samples/two-spaniels-at-the-door.jpg" -resize "$3!" \
    -attenuate 0.6 +noise Gaussian -quality 88 "$1/.base.jpg"
  distinct_copies "$1" "$2"
}

# print_machine: the machine the figures come from, so they travel: the CPU model, whether it
# has SHA and AVX2 instructions (hashing and decoding speed depend on them), the cores and
# the load average.
print_machine() {
  local model flags
  model=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)
  flags=" $(sed -n 's/^flags[[:space:]]*: //p' /proc/cpuinfo | head -n 1) "
  echo "machine: ${model:-unknown CPU}, $(nproc) cores, SHA instructions: $([[ $flags == *" sha_ni "* ]] && echo yes || echo no), AVX2: $([[ $flags == *" avx2 "* ]] && echo yes || echo no), load average $(cut -d' ' -f1-3 /proc/loadavg)"
}
