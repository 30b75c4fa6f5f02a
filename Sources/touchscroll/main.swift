import ScrollEngine
print(ScrollViewConfiguration().boundsSize)
