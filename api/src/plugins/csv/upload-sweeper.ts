import { SerialPasses } from '../../lib/serial-passes'
import { sweepCsvUploads } from '../../services/csv/upload-expiry'
import type { FileStorage } from '../../storage/storage'

interface Log {
  error(obj: object, msg: string): void
}

/** Sweeps expired CSV uploads once at start, then every `everyMs` (one sweep at a time). */
export class UploadSweeper {
  private timer: NodeJS.Timeout | undefined
  private readonly passes = new SerialPasses(
    async () => {
      await sweepCsvUploads(this.storage, this.now())
    },
    (err) => this.log.error({ err }, 'sweeping expired CSV uploads failed: tried again later'),
  )

  constructor(
    private readonly storage: FileStorage,
    private readonly log: Log,
    private readonly everyMs: number,
    /** The clock (a test moves it). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  start() {
    this.timer = setInterval(() => void this.run(), this.everyMs)
    this.timer.unref()
    void this.run()
  }

  /** One sweep now (after the one under way, if any). */
  run(): Promise<void> {
    return this.passes.run()
  }

  async stop() {
    clearInterval(this.timer)
    await this.passes.current
  }
}
