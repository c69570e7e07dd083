/** The quick find's field: the plain one and the combo box's have this id (the icon is its label). */
export const QUICK_FIND_INPUT_ID = 'quick-find-input'
