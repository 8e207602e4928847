/* calc.c: tiny arithmetic demo */
#include <stdio.h>

int add(int a, int b) {
    return a + b;
}

int sub(int a, int b) {
    return a - b;
}

int main(void) {
    printf("%d\n", sub(2, 3));
    return 0;
}
