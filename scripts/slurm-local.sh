#!/usr/bin/env bash
# A real single-node Slurm cluster on this machine, for the sweep tests and for trying
# `hls-build sweep --executor slurm` without a cluster:
#
#   bash scripts/slurm-local.sh start DIR    # munged, MariaDB, slurmdbd, slurmctld, slurmd
#   export SLURM_CONF=DIR/slurm.conf         # then sbatch, squeue, sacct talk to it
#   bash scripts/slurm-local.sh stop DIR
#
# Everything (configuration, state, logs, the database) lives in DIR; the daemons run as
# the calling user (root in CI). Accounting goes through slurmdbd into MariaDB, because
# that is what `sacct` reads. Ports 16817-16819 and 16820 (MariaDB) on 127.0.0.1.
# Debian 12's packages: slurmctld slurmd slurm-client slurmdbd munge mariadb-server
# (scripts/install-deps.sh installs them).
set -euo pipefail
cmd=${1:-}; dir=${2:-}
if [ -z "$cmd" ] || [ -z "$dir" ]; then
    echo "usage: $0 start|stop DIR" >&2; exit 2
fi
mkdir -p "$dir"; dir=$(cd "$dir" && pwd)
user=$(id -un)
host=$(hostname -s)
ctld_port=16817; slurmd_port=16818; dbd_port=16819; db_port=16820

stop() {
    # slurmd, slurmctld, slurmdbd, MariaDB, munged: each by its pid file.
    for p in slurmd slurmctld slurmdbd mariadb munged; do
        f="$dir/run/$p.pid"
        [ -f "$f" ] || continue
        pid=$(cat "$f")
        kill "$pid" 2>/dev/null || true
        for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -9 "$pid" 2>/dev/null || true
        rm -f "$f"
    done
}

# Waits until a command succeeds, or says which daemon did not come up and shows its log.
wait_for() {
    local what=$1 log=$2; shift 2
    for _ in $(seq 60); do timeout 5 "$@" >/dev/null 2>&1 && return 0; sleep 0.2; done
    echo "slurm-local: $what did not start; the end of $log:" >&2
    tail -n 20 "$log" >&2 || true
    stop; exit 1
}

start() {
    for t in munged mariadbd mariadb-install-db slurmdbd slurmctld slurmd sbatch sacctmgr; do
        command -v "$t" >/dev/null 2>&1 || PATH="$PATH:/usr/sbin:/sbin"
        command -v "$t" >/dev/null 2>&1 || {
            echo "slurm-local: $t not found; run scripts/install-deps.sh" >&2; exit 1; }
    done
    stop
    mkdir -p "$dir"/{run,log,state,spool,munge}
    chmod 700 "$dir/munge"

    # munge: a fresh key, and the daemon on its own socket.
    [ -f "$dir/munge/munge.key" ] || dd if=/dev/urandom of="$dir/munge/munge.key" bs=1024 count=1 status=none
    chmod 600 "$dir/munge/munge.key"
    munged --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
        --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed"
    wait_for munged "$dir/log/munged.log" test -S "$dir/munge/munge.socket"

    # MariaDB for slurmdbd, on 127.0.0.1 only.
    if [ ! -d "$dir/db/mysql" ]; then
        mariadb-install-db --no-defaults --datadir="$dir/db" --user="$user" \
            --auth-root-authentication-method=socket >"$dir/log/mariadb-install.log" 2>&1
    fi
    mariadbd --no-defaults --datadir="$dir/db" --user="$user" --socket="$dir/run/mysql.sock" \
        --port=$db_port --bind-address=127.0.0.1 --pid-file="$dir/run/mariadb.pid" \
        --log-error="$dir/log/mariadb.log" --skip-log-bin &
    wait_for MariaDB "$dir/log/mariadb.log" mariadb --no-defaults -S "$dir/run/mysql.sock" -u root -e "select 1"
    mariadb --no-defaults -S "$dir/run/mysql.sock" -u root -e \
        "CREATE DATABASE IF NOT EXISTS slurm_acct_db;
         CREATE USER IF NOT EXISTS 'slurm'@'127.0.0.1' IDENTIFIED BY 'slurm';
         GRANT ALL ON slurm_acct_db.* TO 'slurm'@'127.0.0.1';"

    local auth="AuthType=auth/munge
AuthInfo=socket=$dir/munge/munge.socket"
    cat >"$dir/slurmdbd.conf" <<EOF
$auth
DbdHost=localhost
DbdAddr=127.0.0.1
DbdPort=$dbd_port
SlurmUser=$user
PidFile=$dir/run/slurmdbd.pid
LogFile=$dir/log/slurmdbd.log
StorageType=accounting_storage/mysql
StorageHost=127.0.0.1
StoragePort=$db_port
StorageUser=slurm
StoragePass=slurm
StorageLoc=slurm_acct_db
EOF
    chmod 600 "$dir/slurmdbd.conf"
    local cpus mem
    cpus=$(nproc)
    mem=$(awk '/MemTotal/ { printf "%d", $2 / 1024 * 0.8 }' /proc/meminfo)
    cat >"$dir/slurm.conf" <<EOF
ClusterName=hlslocal
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=$user
$auth
CredType=cred/munge
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
# No systemd or cgroups in a container: plain process tracking, no task binding.
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
MpiDefault=none
# Cores and memory are what jobs ask for, so several array tasks share the node.
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
DefMemPerCPU=1024
AccountingStorageType=accounting_storage/slurmdbd
AccountingStorageHost=127.0.0.1
AccountingStoragePort=$dbd_port
# For slurmdbd connections this names the MUNGE socket (AuthInfo covers the others).
AccountingStoragePass=$dir/munge/munge.socket
ReturnToService=2
SchedulerParameters=sched_interval=1
MinJobAge=600
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
    export SLURM_CONF="$dir/slurm.conf"
    # slurmdbd reads slurmdbd.conf beside $SLURM_CONF.
    slurmdbd
    wait_for slurmdbd "$dir/log/slurmdbd.log" sacctmgr -n list cluster
    sacctmgr -i add cluster hlslocal >/dev/null 2>&1 || true
    slurmctld -f "$dir/slurm.conf"
    wait_for slurmctld "$dir/log/slurmctld.log" scontrol ping
    slurmd -f "$dir/slurm.conf"
    wait_for slurmd "$dir/log/slurmd.log" bash -c "sinfo -h -N -o %t | grep -q -E '^(idle|mix|alloc)'"
    echo "slurm-local: up; export SLURM_CONF=$dir/slurm.conf"
}

case "$cmd" in
    start) start ;;
    stop) stop ;;
    *) echo "usage: $0 start|stop DIR" >&2; exit 2 ;;
esac
