def accumulate(collection, operation):
    return [operation(x) for x in collection]
