class Old {}
