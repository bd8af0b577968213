-- The skeleton is now taken of the name as shown, then lower-cased (so that 0 and O, and I, 1 and
-- l, are taken for each other): every account's is computed again when the server starts
-- (`fill_skeletons`, in account order; where two old names now share one, the older keeps it).
UPDATE accounts SET name_skeleton = NULL;
