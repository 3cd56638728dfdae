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
