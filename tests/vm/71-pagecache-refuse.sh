# pagecache opens only what it checked, in one lookup: regular files of file
# systems with a backing store, and block devices. procfs, sysfs, debugfs,
# tmpfs, character devices and FIFOs are refused without being opened,
# also through a symlink, also while the symlink is switched under it.

refused() {
	got=$(bkwrite "$BK/pagecache" "count $1")
	check_eq "pagecache refuses $2" EINVAL "$got"
}
refused /proc/self/maps "a procfs file (/proc/self/maps)"
refused "$BK/features" "its own debugfs files"
refused /sys/kernel/uevent_seqnum "a sysfs file"
echo data > $S/on-tmpfs
refused $S/on-tmpfs "a file without a backing store (initramfs)"
refused /dev/null "a character device (/dev/null)"

d=$BURNKIT_DISK
echo data > $d/pc-target
ln -sf /dev/null $d/pc-link
refused $d/pc-link "a symlink to a character device"
ln -sf $d/pc-target $d/pc-link
check_eq "a symlink to a file on ext4 is followed" ok \
	"$(bkwrite "$BK/pagecache" "count $d/pc-link")"

# A writer blocks in open(2) until someone opens the FIFO for reading: had
# the module opened it, the writer would get through.
mkfifo $d/pc-fifo
(echo x > $d/pc-fifo && echo opened > $S/fifo.out) &
writer=$!
refused $d/pc-fifo "a FIFO"
i=0
while [ $i -lt 200 ]; do
	ln -sf $d/pc-fifo $d/pc-flip.new && mv $d/pc-flip.new $d/pc-flip
	ln -sf $d/pc-target $d/pc-flip.new && mv $d/pc-flip.new $d/pc-flip
	i=$((i + 1))
done &
flipper=$!
i=0
while [ $i -lt 200 ]; do
	bkwrite "$BK/pagecache" "count $d/pc-flip" > /dev/null
	i=$((i + 1))
done
wait $flipper
sleep 0.2
check "200 counts through a symlink switched to a FIFO never opened it" \
	test ! -e $S/fifo.out
kill $writer 2>/dev/null
wait $writer 2>/dev/null

chmod 600 $d/pc-target
exec 4<>"$BK/pagecache"
check "uid 65534 writing through an inherited open file is refused" \
	sh -c "! asuser 65534 sh -c 'printf \"count $d/pc-target\" >&4' 2>/dev/null"
exec 4>&-
rm -f $d/pc-target $d/pc-link $d/pc-fifo $d/pc-flip
check_kernel_clean "kernel clean after the refused page-cache commands"
