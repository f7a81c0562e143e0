module github.com/hajimehoshi/go-mp3

go 1.22
