# A screen of two scroll views drawn by the daemon on /dev/fb0, from its configuration file alone: a list
# showing quadrants.png with a 200 pt carousel nested in it (at y 300 of the list's content), the carousel
# showing quadrants.png too from its own `content:` key, scrolled to another quadrant. The screendump shows
# the carousel's colour exactly in its band and the list's around it; a control client's setContentOffset
# on the list moves the band with the list's content, one on the carousel changes only the band.
. /usr/lib/e2e/lib.sh
. /payload/tests/live-input.lib

fixtures=/payload/tests/renderer-fixtures

e2e_evemu_device "$LI_DESC"
node="$E2E_EVEMU_NODE"
e2e_check "evemu-device created $node" test -c "$node"

# check_column NAME TOP LIST CAROUSEL — at x 10: the rows just outside the band [TOP, TOP + 200) show the
# list's colour LIST, its first and last rows the carousel's colour CAROUSEL.
check_column() {
    local name="$1" top="$2" list="$3" carousel="$4" pixels
    pixels="$(e2e_screendump "$name" 10,$((top - 1)) 10,$top 10,$((top + 199)) 10,$((top + 200)) 1000,$((top + 100)))"
    echo "$pixels" > "/results/$name-pixels.txt"
    e2e_check_eq "$name: the row above the band is the list" "10 $((top - 1)) $list" "$(echo "$pixels" | sed -n 1p)"
    e2e_check_eq "$name: the band's first row is the carousel" "10 $top $carousel" "$(echo "$pixels" | sed -n 2p)"
    e2e_check_eq "$name: the band's last row is the carousel" "10 $((top + 199)) $carousel" "$(echo "$pixels" | sed -n 3p)"
    e2e_check_eq "$name: the row below the band is the list" "10 $((top + 200)) $list" "$(echo "$pixels" | sed -n 4p)"
    e2e_check_eq "$name: the band's middle is the carousel" "1000 $((top + 100)) $carousel" "$(echo "$pixels" | sed -n 5p)"
}

cat > /tmp/screen.yaml <<YAML
screen: { width: 1280, height: 800 }
scrollViews:
  - id: list
    frame: { x: 0, y: 0, width: 1280, height: 800 }
    contentSize: { width: 2560, height: 1600 }
    scrollViews:
      - id: carousel
        frame: { x: 0, y: 300, width: 1280, height: 200 }
        contentSize: { width: 2560, height: 1600 }
        contentOffset: { x: 1280, y: 0 }
        scrollsToTop: false
        content: $fixtures/quadrants.png
display:
  content: $fixtures/quadrants.png
  fb: /dev/fb0
YAML
mkfifo /tmp/screen.control
exec 3<> /tmp/screen.control      # read-write: opening never blocks
touchscroll daemon --config /tmp/screen.yaml --device "$node" --control-stdin \
    < /tmp/screen.control > /results/screen.jsonl 2> /results/screen.log &
pid=$!
e2e_check "the daemon is ready" li_wait_log /results/screen.log "ready status=" 20
# At rest: the list at (0, 0) shows the top-left quadrant, the carousel at (1280, 0) the top-right one.
check_column screen-start 300 "$LI_TL" "$LI_TR"

# The list scrolls down 200 points: the band moves up 200 with the list's content.
echo '{"id":1,"view":"list","command":"setContentOffset","offset":{"x":0,"y":200},"animated":false}' >&3
e2e_check "the list reports its new offset" li_wait_log /results/screen.jsonl '"view":"list","contentOffset":{"x":0,"y":200}' 10
check_column screen-list-scrolled 100 "$LI_TL" "$LI_TR"

# The carousel scrolls to the bottom-right quadrant: only the band changes.
echo '{"id":2,"view":"carousel","command":"setContentOffset","offset":{"x":1280,"y":800},"animated":false}' >&3
e2e_check "the carousel reports its new offset" li_wait_log /results/screen.jsonl '"view":"carousel","contentOffset":{"x":1280,"y":800}' 10
check_column screen-carousel-scrolled 100 "$LI_TL" "$LI_BR"

kill -TERM "$pid"; wait "$pid"; status=$?
exec 3>&-
e2e_check_eq "SIGTERM stops the daemon with status 0" 0 "$status"
e2e_check "it drew frames" grep -q "frames drawn" /results/screen.log
cat /results/screen.log >&2
e2e_evemu_unplug
e2e_finish
