// The suite's processes (the workers, and the CLI, shells and sandboxes they start) talk to loopback only, over
// plain HTTP. A machine may set NODE_EXTRA_CA_CERTS for everything it runs (this one does): Node 20 then reads and
// parses that bundle at every start, `node -e 0` included, about 30 ms of CPU each (docs/performance.md), and the
// suite starts some 300 Node processes that never use it.
export default function setup(): void {
  delete process.env.NODE_EXTRA_CA_CERTS;
}
