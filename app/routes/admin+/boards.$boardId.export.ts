/** /admin/boards/{id}/export: the board and its widgets as a JSON file (a resource route). */
export { exportLoader as loader } from './__boards.server'
