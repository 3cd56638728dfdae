# apt.sh, sourced (after setting top, the tree's root) by the scripts that
# ask apt about packages or download them: apt_get and apt_cache run
# apt-get and apt-cache with apt's binary package cache kept in build/apt.
# Debian's container images turn that cache off (Dir::Cache::pkgcache ""),
# so each call parses every package list again: 3-4.5 s on a 2-core host
# with three architectures' lists against 0.7-0.9 s with the cache, and
# preparing one guest kernel makes seven calls. apt rebuilds the cache
# itself whenever the lists change. Given on the command line, the option
# overrides the images' apt.conf.d (APT_CONFIG is read before it).
apt_pkgcache=$top/build/apt/pkgcache.bin

apt_get() {
	mkdir -p "${apt_pkgcache%/*}"
	apt-get -o Dir::Cache::pkgcache="$apt_pkgcache" "$@"
}

apt_cache() {
	mkdir -p "${apt_pkgcache%/*}"
	apt-cache -o Dir::Cache::pkgcache="$apt_pkgcache" "$@"
}

# apt_update [PREFIX...]: apt-get update (run under PREFIX, e.g. sudo).
# Where an index of one architecture fails to download (a mirror in the
# middle of a sync served one Packages file of the wrong size), apt keeps
# none of that suite's new lists, for any architecture: on a fresh machine
# the guest kernels of every other architecture from that suite would be
# missing too. So the lists of the architectures whose indexes did come are
# fetched on their own (APT::Architectures), then the whole update runs
# again for the failed ones' other suites; apt keeps the lists it already
# has of a suite that fails. Returns 0 when every index came, else 1, with
# apt's errors and the architectures left without that suite on stderr.
# The architectures are dpkg's, or APT_UPDATE_ARCHS (comma-separated) for
# an apt configured with lists of its own (scripts/vm/fetch-kernel.sh).
apt_update() {
	apt_update_err=$(mktemp)
	if "$@" apt-get update -qq 2>"$apt_update_err"; then
		rm -f "$apt_update_err"
		return 0
	fi
	cat "$apt_update_err" >&2
	apt_update_bad=$(sed -n 's|.*Failed to fetch .*/binary-\([a-z0-9]*\)/.*|\1|p' \
		"$apt_update_err" | sort -u | tr '\n' ' ')
	rm -f "$apt_update_err"
	[ -n "$apt_update_bad" ] || return 1
	apt_update_good=
	apt_update_all=${APT_UPDATE_ARCHS:-$(dpkg --print-architecture),$(dpkg \
		--print-foreign-architectures | paste -sd, -)}
	for apt_update_a in $(echo "$apt_update_all" | tr ',' ' '); do
		case " $apt_update_bad" in
		*" $apt_update_a "*) ;;
		*) apt_update_good="${apt_update_good:+$apt_update_good,}$apt_update_a" ;;
		esac
	done
	[ -n "$apt_update_good" ] || return 1
	echo "burnkit: apt-get update: an index of ${apt_update_bad% } failed to download;" \
		"fetching the lists of $apt_update_good without it" >&2
	"$@" apt-get update -qq -o APT::Architectures="$apt_update_good" >&2 || return 1
	"$@" apt-get update -qq >/dev/null 2>&1 || true
	return 1
}
