#!/bin/sh
# A deterministic Gomocup engine for tests: it plays the first empty point, scanning rows
# (`scan.sh row`: x fastest) or columns (`scan.sh col`: y fastest) from the top-left corner.
mode=$1
size=15
taken=" "
play() {
    i=0
    while [ $i -lt $size ]; do
        j=0
        while [ $j -lt $size ]; do
            if [ "$mode" = row ]; then p="$j,$i"; else p="$i,$j"; fi
            case "$taken" in
            *" $p "*) ;;
            *)
                taken="$taken$p "
                echo "$p"
                return
                ;;
            esac
            j=$((j + 1))
        done
        i=$((i + 1))
    done
}
while IFS= read -r line; do
    case "$line" in
    START*)
        size=${line#START }
        taken=" "
        echo OK
        ;;
    BEGIN) play ;;
    TURN*)
        taken="$taken${line#TURN } "
        play
        ;;
    BOARD)
        taken=" "
        while IFS= read -r stone; do
            [ "$stone" = DONE ] && break
            taken="$taken${stone%,*} "
        done
        play
        ;;
    ABOUT) echo 'name="scan"' ;;
    END) exit 0 ;;
    esac
done
