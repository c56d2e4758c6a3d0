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
