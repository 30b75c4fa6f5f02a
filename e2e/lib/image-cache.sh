# The content-addressed cache both guest-image builders keep under $build_dir (sourced, not run).
#
# An image lives in "$build_dir/<name>-<kernel>-<key>", where the key is a hash of everything that
# goes into it (the caller's key input: the builder script, this file, the guest files, versions).
# "$build_dir/<name>" is a symlink to the current one, and only the newest of each name is kept.
#
#   image_cache_open NAME KERNEL KEY_INPUT   sets $out; with the image already complete (and no
#                                            --force, $force=yes), points the symlink at it, prints
#                                            it and exits the builder; else starts $out afresh
#   image_cache_close NAME                   marks $out complete, removes older images of NAME and
#                                            points the symlink at $out
#
# Needs $build_dir and $force set, and log().

image_cache_open() {
    local name="$1" kernel="$2" key_input="$3" key
    key="$(printf '%s' "$key_input" | sha256sum | cut -c1-12)"
    out="$build_dir/$name-$kernel-$key"
    if [[ "$force" == no && -f "$out/complete" ]]; then
        ln -sfn "$(basename "$out")" "$build_dir/$name"
        echo "$out"
        exit 0
    fi
    log "building $name for kernel $kernel (key $key)"
    rm -rf "$out" && mkdir -p "$out"
}

image_cache_close() {
    local name="$1" old
    touch "$out/complete"
    for old in "$build_dir/$name"-*; do
        [[ "$old" == "$out" || ! -d "$old" ]] || rm -rf "$old"
    done
    ln -sfn "$(basename "$out")" "$build_dir/$name"
}
