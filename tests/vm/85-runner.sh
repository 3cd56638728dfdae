# The runner in the guest: `burnkit kmod` shows what the module offers.

if ! command -v burnkit > /dev/null; then
	skip "burnkit kmod" "the runner is not built for $BURNKIT_VM_ARCH (make static / make cross)"
else
	burnkit kmod > $S/kmod.out 2>&1
	check "burnkit kmod exits 0" test $? -eq 0
	sed 's/^/# /' $S/kmod.out
	check "it names the counter" grep -q "$(kv $BK/features counter)" $S/kmod.out
	unload
	burnkit kmod > $S/kmod.out 2>&1
	check "without the module it says how to load it" grep -q insmod $S/kmod.out
	load inject=1 period_ms=20
fi
