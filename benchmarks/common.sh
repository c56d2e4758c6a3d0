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

# make_photos DIR COUNT WIDTHxHEIGHT: COUNT distinct JPEGs in DIR. One image
# is rendered, then each copy gets its own name appended after the end-of-image
# marker (still a valid JPEG), so no two files have the same bytes.
make_photos() {
  local dir=$1 count=$2 size=$3 name
  mkdir -p "$dir"
  convert -size "$size" plasma:fractal -quality 85 "$dir/.base.jpg"
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
  local dir=$1 count=$2 size=$3 name
  mkdir -p "$dir"
  convert "$(dirname "${BASH_SOURCE[0]}")/../data/samples/two-spaniels-at-the-door.jpg" -resize "$size!" \
    -attenuate 0.6 +noise Gaussian -quality 88 "$dir/.base.jpg"
  for ((i = 0; i < count; i++)); do
    printf -v name "%05d" "$i"
    cp "$dir/.base.jpg" "$dir/$name.jpg"
    printf '%s' "$name" >> "$dir/$name.jpg"
  done
  rm "$dir/.base.jpg"
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
