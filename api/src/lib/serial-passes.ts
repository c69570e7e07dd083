/**
 * Runs a pass (a worker's "everything due now") one at a time: a call while one runs makes it run
 * once more after it, so a wake-up is never lost and two passes never overlap. A pass that throws
 * is reported and ends the run; the next call (a wake-up, a timer) starts afresh.
 */
export class SerialPasses {
  private running: Promise<void> | undefined
  private again = false

  constructor(
    private readonly pass: () => Promise<void>,
    private readonly onError: (err: unknown) => void,
  ) {}

  run(): Promise<void> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = (async () => {
      try {
        do {
          this.again = false
          await this.pass()
        } while (this.again)
      } catch (err) {
        this.onError(err)
      } finally {
        this.running = undefined
      }
    })()
    return this.running
  }

  /** The run under way, if any: what a stop waits for. */
  get current(): Promise<void> | undefined {
    return this.running
  }
}
