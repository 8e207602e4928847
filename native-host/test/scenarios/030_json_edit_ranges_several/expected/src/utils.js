// line 1
// new lines replacing 2-3
// line 4
// five, rewritten
// and one more
// line 6
