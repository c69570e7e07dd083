/** /lk/csv/export?query=…: the tasks a query selects, as a CSV download (a resource route). */
export { exportLoader as loader } from './__csv.server'
