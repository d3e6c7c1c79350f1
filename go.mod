module pelennor

go 1.26
